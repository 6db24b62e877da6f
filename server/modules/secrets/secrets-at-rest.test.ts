import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopSettingsSchema } from "../../../common/schemas/shop.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { twoFactorSecrets } from "../auth/tables.ts";
import { newTotpSecret } from "../auth/totp.ts";
import { openTotpSecret, sealTotpSecret } from "../auth/two-factor-at-rest.ts";
import { shopSettings } from "../shop/tables.ts";
import { users } from "../users/tables.ts";
import { SECRETS_IN_CLEAR } from "./secrets-service.ts";

/*
 * The shop's provider tokens and the accounts' TOTP secrets at rest: sealed in their rows under SECRETS_KEY,
 * read back opened; the ones from before the key sealed at start; without the key, or with another one, the
 * administrators told plainly on /conta, and nothing crashes.
 */

const t = withTestDatabase();

const KEY = randomBytes(32).toString("base64");
const OTHER_KEY = randomBytes(32).toString("hex");
const withKey = (key = KEY, env: Record<string, string> = {}) =>
  createTestServices(t.database, { SECRETS_KEY: key, ...env });
const withoutKey = () => createTestServices(t.database);

const admin: Actor = { id: 3, name: "Caio Admin", email: "caio@example.com", role: "admin" };
const customer: Actor = { id: 4, name: "Bia", email: "bia@example.com", role: "user" };

const CORREIOS_CODE = "SEGREDO-correios-7f3a";
const MELHOR_ENVIO_TOKEN = "SEGREDO-melhor-envio-91bc";
const MP_ACCESS_TOKEN = "APP_USR-SEGREDO-mp-4d21";
const MP_WEBHOOK_SECRET = "SEGREDO-webhook-e8f0";
const CLEAR = [CORREIOS_CODE, MELHOR_ENVIO_TOKEN, MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET];

const settings = (secrets: { correios?: string; melhorEnvio?: string; mp?: [string, string] } = {}) =>
  shopSettingsSchema.parse({
    legal_name: "Cooperativa Boa Terra",
    city: "Recife",
    uf: "PE",
    origin_postal_code: "50010-000",
    shipping: {
      correios: { enabled: true, user: "coop", access_code: secrets.correios ?? "", posting_card: "0067599079" },
      melhor_envio: { enabled: true, token: secrets.melhorEnvio ?? "", services: [1, 2] },
    },
    payments: {
      provider: "mercadopago",
      mercadopago: { access_token: secrets.mp?.[0] ?? "", webhook_secret: secrets.mp?.[1] ?? "" },
    },
  });

const allSecrets = {
  correios: CORREIOS_CODE,
  melhorEnvio: MELHOR_ENVIO_TOKEN,
  mp: [MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET],
} as const;

const storedShopRow = async () => JSON.stringify(await t.database.db.select().from(shopSettings));

async function someone(): Promise<number> {
  const [row] = await t.database.db
    .insert(users)
    .values({
      name: "Ana",
      email: `ana-${randomBytes(4).toString("hex")}@example.com`,
      passwordHash: "x",
      role: "admin",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no user");
  return row.id;
}

const storedTotp = async (userId: number) =>
  (await t.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)))[0]?.secret;

describe("the shop's provider tokens with SECRETS_KEY", () => {
  it("are stored sealed and read back as given", async () => {
    const services = withKey();
    const view = await services.shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    expect(view.shipping.melhor_envio).toMatchObject({ token: "", token_set: true });
    expect(view.payments.mercadopago).toMatchObject({ access_token_set: true, webhook_secret_set: true });

    const stored = await storedShopRow();
    for (const secret of CLEAR) expect(stored).not.toContain(secret);
    expect(stored.match(/cms-secret:v1:/g)).toHaveLength(4);

    const again = withKey();
    expect((await again.shop.paymentSettings()).mercadopago).toEqual({
      access_token: MP_ACCESS_TOKEN,
      webhook_secret: MP_WEBHOOK_SECRET,
    });
    expect(await again.shop.melhorEnvio()).not.toBeNull();
    expect(await again.secrets.notices(admin)).toEqual([]);
  });

  it("are kept sealed when a save leaves them empty, and changed only when typed again", async () => {
    const services = withKey();
    await services.shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    await services.shop.updateSettings(admin, settings());
    expect((await withKey().shop.paymentSettings()).mercadopago.access_token).toBe(MP_ACCESS_TOKEN);
    await services.shop.updateSettings(admin, settings({ mp: ["APP_USR-SEGREDO-novo", ""] }));
    const stored = await storedShopRow();
    expect(stored).not.toContain("APP_USR-SEGREDO-novo");
    expect((await withKey().shop.paymentSettings()).mercadopago).toEqual({
      access_token: "APP_USR-SEGREDO-novo",
      webhook_secret: MP_WEBHOOK_SECRET,
    });
  });
});

describe("secrets stored before SECRETS_KEY", () => {
  it("keep working, and are sealed at start once, whichever process starts first", async () => {
    await withoutKey().shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    const userId = await someone();
    const totp = newTotpSecret();
    await t.database.db.insert(twoFactorSecrets).values({ userId, secret: totp, confirmedAt: new Date() });
    expect(await storedShopRow()).toContain(MELHOR_ENVIO_TOKEN);

    const before = withKey();
    expect((await before.shop.paymentSettings()).mercadopago.access_token).toBe(MP_ACCESS_TOKEN);

    // Two processes starting at once on one database: each value sealed once, and opened by both.
    const [first, second] = [withKey(), withKey()];
    await Promise.all([first.secrets.sealStored(), second.secrets.sealStored()]);
    const stored = await storedShopRow();
    for (const secret of CLEAR) expect(stored).not.toContain(secret);
    const sealedTotp = await storedTotp(userId);
    expect(sealedTotp).toMatch(/^cms-secret:v1:/);
    expect(openTotpSecret(first, sealedTotp ?? "")).toBe(totp);

    await withKey().secrets.sealStored();
    expect(await storedShopRow()).toBe(stored);
    expect(await storedTotp(userId)).toBe(sealedTotp);

    const after = withKey();
    expect((await after.shop.paymentSettings()).mercadopago).toEqual({
      access_token: MP_ACCESS_TOKEN,
      webhook_secret: MP_WEBHOOK_SECRET,
    });
    expect(await after.shop.melhorEnvio()).not.toBeNull();
  });

  it("are sealed again under the new key while the old one is SECRETS_KEY_OLD", async () => {
    await withKey(OTHER_KEY).shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    await withKey(KEY, { SECRETS_KEY_OLD: OTHER_KEY }).secrets.sealStored();
    const newKeyOnly = withKey(KEY);
    expect(await newKeyOnly.secrets.notices(admin)).toEqual([]);
    expect((await newKeyOnly.shop.paymentSettings()).mercadopago.webhook_secret).toBe(MP_WEBHOOK_SECRET);
  });
});

describe("without SECRETS_KEY", () => {
  it("keeps the secrets as they are and tells administrators, only them, on /conta", async () => {
    const services = withoutKey();
    await services.shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    expect(await storedShopRow()).toContain(MP_ACCESS_TOKEN);
    expect(await services.secrets.notices(admin)).toEqual([SECRETS_IN_CLEAR]);
    expect(await services.secrets.notices(customer)).toEqual([]);
    expect(await services.secrets.notices(null)).toEqual([]);
    expect(SECRETS_IN_CLEAR.message).toContain("SECRETS_KEY");
  });
});

describe("secrets sealed under a key this server does not have", () => {
  it("read as not set, named on /conta, and are kept for the right key to read again", async () => {
    await withKey().shop.updateSettings(admin, settings({ ...allSecrets, mp: [...allSecrets.mp] }));
    const userId = await someone();
    const sealedTotp = sealTotpSecret(withKey(), newTotpSecret());
    await t.database.db.insert(twoFactorSecrets).values({ userId, secret: sealedTotp, confirmedAt: new Date() });

    for (const services of [withKey(OTHER_KEY), withoutKey()]) {
      await services.secrets.sealStored();
      const view = await services.shop.settings(admin);
      expect(view.shipping.melhor_envio.token_set).toBe(false);
      expect(view.shipping.correios.access_code_set).toBe(false);
      expect(view.payments.mercadopago.access_token_set).toBe(false);
      expect(await services.shop.melhorEnvio()).toBeNull();
      const unreadable = (await services.secrets.notices(admin)).find((notice) =>
        notice.title.includes("não podem ser lidas"),
      );
      expect(unreadable?.message).toContain("SECRETS_KEY ausente ou diferente");
      for (const name of [
        "Correios: código de acesso à API",
        "Melhor Envio: token",
        "Mercado Pago: access token",
        "Mercado Pago: assinatura secreta dos webhooks",
        "a verificação em duas etapas de 1 conta",
      ])
        expect(unreadable?.message).toContain(name);
      await expect(services.shop.paymentGateway()).resolves.toBeDefined();
    }

    // A save that needs a token it cannot read asks for it again, in pt-BR.
    const wrong = withKey(OTHER_KEY);
    await expect(wrong.shop.updateSettings(admin, settings())).rejects.toMatchObject({
      message: "Informe o código de acesso à API",
    });
    // One that does not need them keeps them as they were.
    const off = shopSettingsSchema.parse({
      ...settings(),
      shipping: {},
      payments: { provider: "manual", manual: { instructions: "Pague na retirada." } },
    });
    await wrong.shop.updateSettings(admin, off);
    expect(await storedTotp(userId)).toBe(sealedTotp);
    const back = withKey();
    expect(await back.secrets.notices(admin)).toEqual([]);
    expect((await back.shop.paymentSettings()).mercadopago.access_token).toBe(MP_ACCESS_TOKEN);
  });
});
