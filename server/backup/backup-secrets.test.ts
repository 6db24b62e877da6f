import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { shopSettingsSchema } from "../../common/schemas/shop.ts";
import { createTestServices } from "../../tests/support/test-services.ts";
import { withTestDatabase } from "../../tests/support/with-test-services.ts";
import { createLocalStorage } from "../adapters/storage/local-storage.ts";
import { openPglite } from "../db/client.ts";
import type { Actor } from "../kernel/access.ts";
import { twoFactorSecrets } from "../modules/auth/tables.ts";
import { newTotpSecret } from "../modules/auth/totp.ts";
import { openTotpSecret } from "../modules/auth/two-factor-at-rest.ts";
import { users } from "../modules/users/tables.ts";
import { openBackup, restoreBackup } from "./restore-backup.ts";
import { writeBackup } from "./write-backup.ts";

/*
 * A backup of a site with SECRETS_KEY holds its provider tokens and TOTP secrets only sealed; restored on a
 * server with the same key they read as given, and on one with another key (or none) /conta names what
 * cannot be read. On the engine the tests run on; restored into an embedded database.
 */

const t = withTestDatabase();

const KEY = randomBytes(32).toString("base64");
const admin: Actor = { id: 3, name: "Caio Admin", email: "caio@example.com", role: "admin" };
const CLEAR = {
  correios: "SEGREDO-correios-b7",
  melhorEnvio: "SEGREDO-melhor-envio-c8",
  accessToken: "APP_USR-SEGREDO-d9",
  webhookSecret: "SEGREDO-webhook-e0",
};

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((made) => fs.rm(made, { recursive: true, force: true }))));

describe("a backup of a site with SECRETS_KEY", () => {
  it("holds its secrets only sealed, read back by the same key and named on /conta without it", async () => {
    const site = createTestServices(t.database, { SECRETS_KEY: KEY });
    await site.shop.updateSettings(
      admin,
      shopSettingsSchema.parse({
        legal_name: "Cooperativa Boa Terra",
        origin_postal_code: "50010-000",
        shipping: {
          correios: { enabled: true, user: "coop", access_code: CLEAR.correios, posting_card: "0067599079" },
          melhor_envio: { enabled: true, token: CLEAR.melhorEnvio, services: [1] },
        },
        payments: {
          provider: "mercadopago",
          mercadopago: { access_token: CLEAR.accessToken, webhook_secret: CLEAR.webhookSecret },
        },
      }),
    );
    const [user] = await t.database.db
      .insert(users)
      .values({ name: "Ana", email: "ana@example.com", passwordHash: "x", role: "admin" })
      .returning({ id: users.id });
    const totp = newTotpSecret();
    await t.database.db
      .insert(twoFactorSecrets)
      .values({ userId: user?.id ?? 0, secret: totp, confirmedAt: new Date() });
    // The TOTP secret stored before the key: the start seals it.
    await site.secrets.sealStored();

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "cms-backup-secrets-"));
    folders.push(dir);
    const output = path.join(dir, "backup.tar.gz");
    await writeBackup({
      database: t.database,
      storage: createLocalStorage(path.join(dir, "files")),
      output,
      method: "logical",
    });

    const archive = gunzipSync(await fs.readFile(output)).toString("latin1");
    for (const secret of [...Object.values(CLEAR), totp]) expect(archive).not.toContain(secret);
    expect(archive.match(/cms-secret:v1:/g)).toHaveLength(5);

    const restored = await openPglite({});
    const backup = await openBackup(output);
    try {
      await restoreBackup(backup, { database: restored, storage: createLocalStorage(path.join(dir, "restored")) });
      const sameKey = createTestServices(restored, { SECRETS_KEY: KEY });
      expect((await sameKey.shop.paymentSettings()).mercadopago).toEqual({
        access_token: CLEAR.accessToken,
        webhook_secret: CLEAR.webhookSecret,
      });
      const [row] = await restored.db.select().from(twoFactorSecrets);
      expect(openTotpSecret(sameKey, row?.secret ?? "")).toBe(totp);
      expect(await sameKey.secrets.notices(admin)).toEqual([]);

      const noKey = createTestServices(restored);
      const notices = await noKey.secrets.notices(admin);
      expect(notices.map((notice) => notice.title)).toEqual([
        "Tokens e segredos guardados sem cifra",
        "Configurações que não podem ser lidas",
      ]);
      expect(notices[1]?.message).toContain("Mercado Pago: access token");
      expect(notices[1]?.message).toContain("a verificação em duas etapas de 1 conta");
      expect((await noKey.shop.paymentSettings()).mercadopago.access_token).toBe("");
    } finally {
      await backup.dispose();
      await restored.close();
    }
  }, 120_000);
});
