import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopSettingsSchema } from "../../../common/schemas/shop.ts";
import { RECIFE_SHOP_SETTINGS } from "../../../tests/support/shop-fixture.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";

/*
 * Saving /conta/shop leaves its audit entries in the save's transaction: shop.updated for the shop's fields,
 * payments.updated for how it is paid. Secrets only as "alterado"; the Pix key, where the money goes, in clear.
 */

const t = withTestServices();

const admin: Actor = { id: 3, name: "Caio Admin", email: "caio@example.com", role: "admin" };

const settings = (over: Record<string, unknown> = {}, shipping: Record<string, unknown> = {}) => ({
  legal_name: "Cooperativa Boa Terra",
  city: "Recife",
  uf: "PE",
  origin_postal_code: "50010-000",
  shipping: {
    table_rates: RECIFE_SHOP_SETTINGS.shipping.table_rates,
    correios: {
      enabled: true,
      user: "coop",
      access_code: "SEGREDO-correios-1",
      posting_card: "0067599079",
    },
    melhor_envio: { enabled: true, token: "SEGREDO-me-1", services: [1, 2] },
    ...shipping,
  },
  payments: RECIFE_SHOP_SETTINGS.payments,
  ...over,
});

const save = (body: Record<string, unknown>) => t.services.shop.updateSettings(admin, shopSettingsSchema.parse(body));

const entries = () => t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

describe("the shop settings' audit entries", () => {
  it("records the first save against the defaults, the shop's and the payments' apart", async () => {
    await save(settings());
    const [shop, payments, ...more] = await entries();
    expect(more).toEqual([]);
    expect(shop).toMatchObject({
      action: "shop.updated",
      recordKind: "shop",
      recordId: null,
      actorId: admin.id,
      actorName: "Caio Admin",
    });
    expect(shop?.changes).toMatchObject({
      "Razão social ou nome": { before: "", after: "Cooperativa Boa Terra" },
      "Frete por tabela": { before: [], after: ["Entrega regional (PE; 0 a 30000 g): R$ 15,00 em 4 dias"] },
      "Cotar com os Correios": { before: false, after: true },
      "Correios: código de acesso à API": { before: "alterado", after: "alterado" },
      "Melhor Envio: token": { before: "alterado", after: "alterado" },
    });
    expect(payments).toMatchObject({ action: "payments.updated", recordKind: "payments", actorId: admin.id });
    expect(payments?.changes).toEqual({
      "Chave Pix": { before: "", after: "cooperativa@example.org" },
      "Nome de quem recebe": { before: "", after: "Boa Terra" },
      "Cidade de quem recebe": { before: "", after: "Recife" },
    });
    expect(JSON.stringify(await entries())).not.toContain("SEGREDO");
  });

  it("shows a new secret only as changed, and a secret left empty (kept) not at all", async () => {
    await save(settings());
    const saved = (await entries()).length;
    await save(settings({}, { melhor_envio: { enabled: true, token: "", services: [1, 2] } }));
    const [kept, ...none] = (await entries()).slice(saved);
    expect(none).toEqual([]);
    expect(kept).toMatchObject({ action: "shop.updated", changes: {} });

    await save(
      settings(
        { order_expiry_hours: 24 },
        {
          correios: { enabled: true, user: "coop", access_code: "SEGREDO-correios-2", posting_card: "0067599079" },
          melhor_envio: { enabled: true, token: "", services: [1, 2] },
        },
      ),
    );
    const changed = (await entries()).at(-1);
    expect(changed?.action).toBe("shop.updated");
    expect(changed?.changes).toEqual({
      "Correios: código de acesso à API": { before: "alterado", after: "alterado" },
      "Prazo para pagamento (horas)": { before: 72, after: 24 },
    });
    expect(JSON.stringify(changed)).not.toContain("SEGREDO");
  });

  it("records a changed Pix key in clear, Mercado Pago's secrets as changed, and no shop entry for them", async () => {
    await save(settings());
    const saved = (await entries()).length;
    await save(
      settings({
        payments: {
          provider: "pix",
          pix: { key: "ladrao@example.com", receiver_name: "Boa Terra", receiver_city: "Recife" },
          pix_discount_percent: 5,
        },
      }),
    );
    const [pix, ...others] = (await entries()).slice(saved);
    expect(others).toEqual([]);
    expect(pix).toMatchObject({ action: "payments.updated", actorName: "Caio Admin" });
    expect(pix?.changes).toEqual({
      "Chave Pix": { before: "cooperativa@example.org", after: "ladrao@example.com" },
      "Desconto para pagamento com Pix (%)": { before: 0, after: 5 },
    });

    await save(
      settings({
        payments: {
          provider: "mercadopago",
          mercadopago: { access_token: "APP_USR-SEGREDO", webhook_secret: "SEGREDO-webhook" },
        },
      }),
    );
    const mercadoPago = (await entries()).at(-1);
    expect(mercadoPago?.action).toBe("payments.updated");
    expect(mercadoPago?.changes).toMatchObject({
      "Forma de pagamento": {
        before: "Pix (código estático, confirmação manual)",
        after: "Mercado Pago (Pix e cartão, confirmação automática)",
      },
      "Mercado Pago: access token": { before: "alterado", after: "alterado" },
      "Mercado Pago: assinatura secreta dos webhooks": { before: "alterado", after: "alterado" },
    });
    expect(JSON.stringify(await entries())).not.toContain("SEGREDO");
  });

  it("leaves no entry, and the settings as they were, when the save is rolled back", async () => {
    await save(settings());
    const before = await entries();
    await expect(
      t.services.transaction(async (tx) => {
        await tx.shop.updateSettings(admin, shopSettingsSchema.parse(settings({ legal_name: "Outra" })));
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries()).toEqual(before);
    expect((await t.services.shop.settings(admin)).legal_name).toBe("Cooperativa Boa Terra");
  });
});
