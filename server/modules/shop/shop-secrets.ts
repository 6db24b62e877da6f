import { eq } from "drizzle-orm";
import type { SecretBox } from "../../kernel/secret-box.ts";
import type { ShopContext } from "./context.ts";
import {
  CORREIOS_ACCESS_CODE,
  MELHOR_ENVIO_TOKEN,
  MERCADO_PAGO_ACCESS_TOKEN,
  MERCADO_PAGO_WEBHOOK_SECRET,
} from "./shop-audit.ts";
import { shopSettings } from "./tables.ts";

/*
 * The shop's write-only settings kept sealed in shop_settings (kernel/secret-box.ts): the Correios access
 * code, the Melhor Envio token and Mercado Pago's access token and webhook secret. The service reads the
 * row opened and writes it sealed; a value that cannot be opened reads as not set, and is kept as stored
 * until someone types it again, so putting the right key back brings it back.
 */

type Holder = Pick<typeof shopSettings.$inferSelect, "shipping" | "payments">;

type SecretField = {
  /** How /conta names it (the audit log's names). */
  label: string;
  /** What the sealed value is bound to. */
  purpose: string;
  read(holder: Holder): string;
  write<Row extends Holder>(row: Row, value: string): Row;
};

// A row saved before Melhor Envio or the payments came has no such object: read as not set.
const fields: readonly SecretField[] = [
  {
    label: CORREIOS_ACCESS_CODE,
    purpose: "shop_settings.correios.access_code",
    read: (holder) => holder.shipping.correios?.access_code ?? "",
    write: (row, value) => ({
      ...row,
      shipping: { ...row.shipping, correios: { ...row.shipping.correios, access_code: value } },
    }),
  },
  {
    label: MELHOR_ENVIO_TOKEN,
    purpose: "shop_settings.melhor_envio.token",
    read: (holder) => holder.shipping.melhor_envio?.token ?? "",
    write: (row, value) => ({
      ...row,
      shipping: { ...row.shipping, melhor_envio: { ...row.shipping.melhor_envio, token: value } },
    }),
  },
  {
    label: MERCADO_PAGO_ACCESS_TOKEN,
    purpose: "shop_settings.mercadopago.access_token",
    read: (holder) => holder.payments?.mercadopago?.access_token ?? "",
    write: (row, value) =>
      row.payments
        ? { ...row, payments: { ...row.payments, mercadopago: { ...row.payments.mercadopago, access_token: value } } }
        : row,
  },
  {
    label: MERCADO_PAGO_WEBHOOK_SECRET,
    purpose: "shop_settings.mercadopago.webhook_secret",
    read: (holder) => holder.payments?.mercadopago?.webhook_secret ?? "",
    write: (row, value) =>
      row.payments
        ? { ...row, payments: { ...row.payments, mercadopago: { ...row.payments.mercadopago, webhook_secret: value } } }
        : row,
  },
];

/** The row with its secrets opened; those that cannot be opened read as empty and are named in `unreadable`. */
export function openShopSecrets<Row extends Holder>(box: SecretBox, row: Row): { row: Row; unreadable: string[] } {
  const unreadable: string[] = [];
  let opened = row;
  for (const field of fields) {
    const stored = field.read(row);
    if (stored === "") continue;
    const result = box.open(field.purpose, stored);
    if (!result.ok) unreadable.push(field.label);
    const value = result.ok ? result.value : "";
    if (value !== stored) opened = field.write(opened, value);
  }
  return { row: opened, unreadable };
}

/**
 * What to store: each secret given sealed; one left empty keeps the stored value as it is (empty, or
 * sealed under a key that is not set now).
 */
export function sealShopSecrets<Row extends Holder>(box: SecretBox, next: Row, stored: Holder | undefined): Row {
  let sealed = next;
  for (const field of fields) {
    const value = field.read(next);
    const kept = stored ? field.read(stored) : "";
    const store = value === "" ? kept : box.seal(field.purpose, value);
    if (store !== value) sealed = field.write(sealed, store);
  }
  return sealed;
}

/** The shop's secrets at rest: which cannot be read with the keys set now, and the start's sealing. */
export function createShopSecretsService(context: ShopContext) {
  const readRaw = async () => (await context.db.select().from(shopSettings).where(eq(shopSettings.id, 1)))[0];
  return {
    /** The shop's settings stored sealed under a key that is not set now (or damaged), by their names. */
    async unreadableSecrets(): Promise<string[]> {
      const row = await readRaw();
      return row ? openShopSecrets(context.secretBox, row).unreadable : [];
    },

    /**
     * Seals what is stored in clear (from before SECRETS_KEY) or under SECRETS_KEY_OLD; answers how many
     * values it sealed. The row is locked: two processes starting at once seal it once.
     */
    async sealStoredSecrets(): Promise<number> {
      const box = context.secretBox;
      if (!box.sealing) return 0;
      return context.transaction(async (tx) => {
        const [row] = await tx.db.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
        if (!row) return 0;
        let sealed = row;
        let count = 0;
        for (const field of fields) {
          const stored = field.read(row);
          if (!box.needsSealing(stored)) continue;
          const opened = box.open(field.purpose, stored);
          if (!opened.ok) continue;
          sealed = field.write(sealed, box.seal(field.purpose, opened.value));
          count++;
        }
        if (count === 0) return 0;
        await tx.db
          .update(shopSettings)
          .set({ shipping: sealed.shipping, payments: sealed.payments })
          .where(eq(shopSettings.id, 1));
        return count;
      });
    },
  };
}
