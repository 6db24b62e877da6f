import { eq } from "drizzle-orm";
import { invalid } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import {
  ACCESS_TOKEN_MISSING,
  type PaymentProvider,
  type PaymentSettings,
  paymentSettingsSchema,
  WEBHOOK_SECRET_MISSING,
} from "../../../common/schemas/payments.ts";
import {
  type CorreiosSettings,
  melhorEnvioSchema,
  type ShippingSettings,
  shippingSettingsSchema,
} from "../../../common/schemas/shipping.ts";
import {
  DEFAULT_ORDER_EXPIRY_HOURS,
  type OwnerNotice,
  type OwnerNotifications,
  ownerNotificationsSchema,
  type ShippingQuoteInput,
  type ShopSettingsInput,
} from "../../../common/schemas/shop.ts";
import type {
  CarrierFailureView,
  PaymentSettingsView,
  ShippingQuoteView,
  ShopSettingsView,
} from "../../../common/views/shop.ts";
import type { MelhorEnvioClient } from "../../adapters/melhor-envio/melhor-envio.ts";
import { createMelhorEnvioClient } from "../../adapters/melhor-envio/melhor-envio-client.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { memo, readThrough } from "../../kernel/memo.ts";
import { changedFields } from "../audit/audit-changes.ts";
import { createPaymentGateway, type PaymentGateway, type PaymentGatewayDeps } from "../payments/provider.ts";
import {
  type Carrier,
  carrierFailures,
  failureOf,
  recordCarrierFailure,
  recordCarrierSuccess,
} from "./carrier-health.ts";
import type { ShopContext } from "./context.ts";
import { checkCorreiosCredentials } from "./shipping/correios.ts";
import { MelhorEnvioQuoteCache } from "./shipping/melhor-envio.ts";
import type { QuoteItem } from "./shipping/provider.ts";
import { providersFor, quoteShipping, type ShippingDeps } from "./shipping/quote.ts";
import { paymentAuditFields, paymentSecrets, shopAuditFields, shopSecrets } from "./shop-audit.ts";
import { requireShopOpen } from "./shop-open.ts";
import { openShopSecrets, sealShopSecrets } from "./shop-secrets.ts";
import { shopSettings } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "shop.changed": undefined;
  }
}

const ACCESS_CODE_MISSING = "Informe o código de acesso à API";
const MELHOR_ENVIO_TOKEN_MISSING = "Informe o token do Melhor Envio";
const MELHOR_ENVIO_TOKEN_REFUSED =
  "O Melhor Envio recusou este token: confira se ele foi copiado inteiro, do ambiente escolhido (sandbox ou produção), com as permissões de cotação e de envio";
const MELHOR_ENVIO_NOT_SET = "Ative o Melhor Envio e salve o token antes de testar a conexão.";
const CORREIOS_CREDENTIALS_REFUSED =
  "Os Correios recusaram estas credenciais: confira o usuário do Meu Correios, o código de acesso à API (gerado no portal dos Correios) e o cartão de postagem, no ambiente escolhido (produção ou homologação)";
const CORREIOS_NOT_SET = "Ative os Correios e salve o código de acesso antes de testar a conexão.";
/** How long a save or "Testar conexão" waits for Melhor Envio or the Correios to answer. */
const TOKEN_CHECK_MS = 5000;

type ShopSettingsRow = typeof shopSettings.$inferSelect;

/** Before the first save: nothing set, every way of shipping off. */
function defaultRow(): ShopSettingsRow {
  return {
    id: 1,
    legalName: "",
    address: "",
    taxId: "",
    city: "",
    uf: "",
    originPostalCode: null,
    shipping: shippingSettingsSchema.parse({}),
    payments: null,
    orderExpiryHours: DEFAULT_ORDER_EXPIRY_HOURS,
    notifications: null,
    whatsapp: null,
    updatedAt: new Date(0),
  };
}

/** The stored shipping settings; a row saved before Melhor Envio came has it off. */
function shippingOf(row: ShopSettingsRow): ShippingSettings {
  const stored: Partial<ShippingSettings> = row.shipping;
  return stored.melhor_envio ? row.shipping : { ...row.shipping, melhor_envio: melhorEnvioSchema.parse({}) };
}

/** Where the shop's e-mails go and which are on; before the first save, every one on, to the site's e-mail. */
const notificationsOf = (row: ShopSettingsRow): OwnerNotifications =>
  ownerNotificationsSchema.parse(row.notifications ?? {});

/** The stored payment settings, every field present; Pix with nothing set before the first save. */
const paymentsOf = (row: ShopSettingsRow): PaymentSettings => paymentSettingsSchema.parse(row.payments ?? {});

function paymentsView(payments: PaymentSettings): PaymentSettingsView {
  const { access_token, webhook_secret } = payments.mercadopago;
  return {
    ...payments,
    mercadopago: {
      access_token: "",
      access_token_set: access_token !== "",
      webhook_secret: "",
      webhook_secret_set: webhook_secret !== "",
    },
  };
}

/** The settings as the form shows them: no secret, only whether each is set. */
function settingsView(row: ShopSettingsRow): Omit<ShopSettingsView, "carrier_failures"> {
  const shipping = shippingOf(row);
  const { access_code, ...correios } = shipping.correios;
  const { token, ...melhorEnvio } = shipping.melhor_envio;
  return {
    legal_name: row.legalName,
    address: row.address,
    tax_id: row.taxId,
    city: row.city,
    uf: row.uf,
    origin_postal_code: row.originPostalCode,
    shipping: {
      ...shipping,
      correios: { ...correios, access_code: "", access_code_set: access_code !== "" },
      melhor_envio: { ...melhorEnvio, token: "", token_set: token !== "" },
    },
    payments: paymentsView(paymentsOf(row)),
    order_expiry_hours: row.orderExpiryHours,
    notifications: notificationsOf(row),
    whatsapp: row.whatsapp,
  };
}

/**
 * The payment settings to store: the input's, with Mercado Pago's secrets left empty taken from the stored
 * ones; without input, the stored settings as they are.
 */
function paymentsToStore(input: ShopSettingsInput["payments"], stored: PaymentSettings): PaymentSettings {
  if (input === undefined) return stored;
  const mercadopago = {
    access_token: input.mercadopago.access_token || stored.mercadopago.access_token,
    webhook_secret: input.mercadopago.webhook_secret || stored.mercadopago.webhook_secret,
  };
  if (input.provider === "mercadopago") {
    const errors: Record<string, string[]> = {};
    if (mercadopago.access_token === "") errors["payments.mercadopago.access_token"] = [ACCESS_TOKEN_MISSING];
    if (mercadopago.webhook_secret === "") errors["payments.mercadopago.webhook_secret"] = [WEBHOOK_SECRET_MISSING];
    const [first] = Object.values(errors).flat();
    if (first !== undefined) throw invalid(first, errors);
  }
  return { ...input, mercadopago };
}

const auditedShop = (row: ShopSettingsRow) =>
  shopAuditFields({ ...row, shipping: shippingOf(row), notifications: notificationsOf(row) });

/**
 * The save's audit entries, on its transaction: shop.updated for what the shop's fields changed (also when
 * nothing did: someone saved), payments.updated when the payments changed. Secrets only as "alterado".
 */
async function auditSettings(tx: ShopContext, admin: Actor, before: ShopSettingsRow, after: ShopSettingsRow) {
  const entry = { actor: admin, recordId: null, recordLabel: "Loja" };
  const shop = { before: auditedShop(before), after: auditedShop(after) };
  const payments = { before: paymentAuditFields(paymentsOf(before)), after: paymentAuditFields(paymentsOf(after)) };
  const paymentsChanged = Object.keys(changedFields(payments.before, payments.after)).length > 0;
  if (!paymentsChanged || Object.keys(changedFields(shop.before, shop.after)).length > 0)
    await tx.services.audit.record({ ...entry, action: "shop.updated", ...shop, secrets: shopSecrets });
  if (paymentsChanged)
    await tx.services.audit.record({ ...entry, action: "payments.updated", ...payments, secrets: paymentSecrets });
}

/**
 * Process-wide: the settings read once per change, how the Correios, Melhor Envio and Mercado Pago adapters
 * are reached, and Melhor Envio's quotes of the last minutes (cleared with the settings).
 */
export function createShopState(deps: {
  config: { CORREIOS_URL?: string; MERCADOPAGO_URL?: string; MELHOR_ENVIO_URL?: string };
}) {
  const shipping: ShippingDeps = { correiosBaseUrl: deps.config.CORREIOS_URL };
  const payments: PaymentGatewayDeps = { mercadoPagoUrl: deps.config.MERCADOPAGO_URL };
  return {
    shipping,
    payments,
    melhorEnvioUrl: deps.config.MELHOR_ENVIO_URL,
    melhorEnvioQuotes: new MelhorEnvioQuoteCache(),
    settings: memo<ShopSettingsRow>(),
  };
}
export type ShopState = ReturnType<typeof createShopState>;

/** Where the shop's own e-mails go, and which setting gave those addresses. */
export type OwnerRecipients = { source: "shop" | "site" | "admins"; addresses: string[] };

/**
 * The shop's settings (/conta/shop, administrators only) and the shipping quote: a cart's variants,
 * their package data read from the database, quoted by every provider the settings turn on.
 */
export function createShopService(context: ShopContext, state: ShopState) {
  const { db } = context;

  async function readRow(): Promise<ShopSettingsRow> {
    return readThrough(context, state.settings, async () => {
      const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
      return row ? openShopSecrets(context.secretBox, row).row : defaultRow();
    });
  }

  /**
   * Where the site's notices go when the shop names no address: the site's public e-mail, else every
   * administrator (the setup leaves the public e-mail empty unless asked, and a sale must not go untold).
   */
  async function noticeAddresses(): Promise<OwnerRecipients> {
    const email = (await context.services.settings.get())?.email;
    if (email) return { source: "site", addresses: [email] };
    return { source: "admins", addresses: await context.services.users.adminEmails() };
  }

  async function recipientsOf(row: ShopSettingsRow): Promise<OwnerRecipients> {
    const email = notificationsOf(row).email;
    if (email !== "") return { source: "shop", addresses: [email] };
    return noticeAddresses();
  }

  /**
   * Melhor Envio's client with the stored token, in the chosen environment (or at MELHOR_ENVIO_URL), naming
   * the site and its e-mail in the User-Agent as Melhor Envio asks; null when it is off or has no token.
   */
  async function melhorEnvioClient(row: ShopSettingsRow): Promise<MelhorEnvioClient | null> {
    const settings = shippingOf(row).melhor_envio;
    if (!settings.enabled || settings.token === "") return null;
    return melhorEnvioClientWith(settings, row);
  }

  async function melhorEnvioClientWith(
    settings: Pick<ShippingSettings["melhor_envio"], "token" | "environment">,
    row: ShopSettingsRow,
  ): Promise<MelhorEnvioClient> {
    const site = await context.services.settings.get();
    const title = site?.title.trim() || "Loja";
    const email = site?.email || notificationsOf(row).email;
    return createMelhorEnvioClient({
      token: settings.token,
      environment: settings.environment,
      baseUrl: state.melhorEnvioUrl,
      userAgent: email ? `${title} (${email})` : title,
    });
  }

  const viewOf = async (row: ShopSettingsRow): Promise<ShopSettingsView> => ({
    ...settingsView(row),
    carrier_failures: await carrierFailures(context),
  });

  /**
   * Whether Melhor Envio takes `settings`' token, asked before a save (outside its transaction: no row is
   * held while the network answers): null when it does, else the failure.
   */
  async function tryMelhorEnvio(
    settings: Pick<ShippingSettings["melhor_envio"], "token" | "environment">,
    row: ShopSettingsRow,
  ): Promise<unknown> {
    try {
      await (await melhorEnvioClientWith(settings, row)).balance(AbortSignal.timeout(TOKEN_CHECK_MS));
      return null;
    } catch (error) {
      return error ?? new Error("Melhor Envio failed");
    }
  }

  /** A token for `settings`' user, access code and posting card, asked now (never the quotes' cached one). */
  const askCorreios = (settings: CorreiosSettings) =>
    checkCorreiosCredentials({ settings, baseUrl: state.shipping.correiosBaseUrl, timeoutMs: TOKEN_CHECK_MS });

  /**
   * Whether the Correios take `settings`' credentials, asked before a save (outside its transaction): null
   * when they do, else the failure.
   */
  async function tryCorreios(settings: CorreiosSettings): Promise<unknown> {
    try {
      await askCorreios(settings);
      return null;
    } catch (error) {
      return error ?? new Error("Correios failed");
    }
  }

  /** A quote's outcome for each carrier with an API that was asked; never fails the quote (a render worker cannot write). */
  async function recordOutcomes(asked: Carrier[], failed: Map<Carrier, unknown>): Promise<void> {
    for (const carrier of asked) {
      try {
        const error = failed.get(carrier);
        if (failed.has(carrier)) await recordCarrierFailure(context, carrier, error);
        else await recordCarrierSuccess(context, carrier);
      } catch (error) {
        context.logger.warn({ err: error, carrier }, "carrier health not recorded");
      }
    }
  }

  return {
    async settings(actor: Actor | null): Promise<ShopSettingsView> {
      requireAdmin(actor);
      return viewOf(await readRow());
    },

    /** The carriers that keep failing (incidents), for the /conta home until a quote succeeds (administrators). */
    async carrierIncidents(actor: Actor | null): Promise<CarrierFailureView[]> {
      requireAdmin(actor);
      return (await carrierFailures(context)).filter((failure) => failure.incident);
    },

    /**
     * "Testar conexão": whether Melhor Envio takes the stored token now, recorded as a quote's outcome
     * would be (a success ends an incident).
     */
    async testMelhorEnvio(actor: Actor | null): Promise<{ ok: boolean; message: string }> {
      requireAdmin(actor);
      const row = await readRow();
      const settings = shippingOf(row).melhor_envio;
      if (!settings.enabled || settings.token === "") throw invalid(MELHOR_ENVIO_NOT_SET);
      const client = await melhorEnvioClientWith(settings, row);
      try {
        const { balance_cents } = await client.balance(AbortSignal.timeout(TOKEN_CHECK_MS));
        await recordCarrierSuccess(context, "melhorenvio");
        return { ok: true, message: `Conexão com o Melhor Envio funcionando: saldo de ${formatBRL(balance_cents)}.` };
      } catch (error) {
        await recordCarrierFailure(context, "melhorenvio", error);
        return { ok: false, message: failureOf("melhorenvio", error).message };
      }
    },

    /**
     * "Testar conexão" of the Correios contract: whether the Correios issue a token for the stored
     * credentials now, recorded as a quote's outcome would be (a success ends an incident).
     */
    async testCorreios(actor: Actor | null): Promise<{ ok: boolean; message: string }> {
      requireAdmin(actor);
      const settings = shippingOf(await readRow()).correios;
      if (!settings.enabled || settings.access_code === "") throw invalid(CORREIOS_NOT_SET);
      try {
        const { contract } = await askCorreios(settings);
        await recordCarrierSuccess(context, "correios");
        const named = settings.contract || contract;
        return {
          ok: true,
          message: `Conexão com os Correios funcionando: token emitido para o cartão de postagem ${settings.posting_card}${named ? `, contrato ${named}` : ""}.`,
        };
      } catch (error) {
        await recordCarrierFailure(context, "correios", error);
        return { ok: false, message: failureOf("correios", error).message };
      }
    },

    /**
     * Saves the settings. A Melhor Envio token typed now (or an environment changed, or Melhor Envio just
     * switched on) is tried first, and so are the Correios credentials (an access code typed now, a user,
     * posting card or environment changed, or the Correios just switched on): refused, nothing is saved and
     * the field says so; unanswered, the save goes on and the failure is recorded, so the answer's
     * carrier_failures tells it.
     */
    async updateSettings(actor: Actor | null, input: ShopSettingsInput): Promise<ShopSettingsView> {
      const admin = requireAdmin(actor);
      const before = await readRow();
      const was = shippingOf(before).melhor_envio;
      const wanted = input.shipping.melhor_envio;
      const token = wanted.token || was.token;
      const check =
        wanted.enabled &&
        token !== "" &&
        (wanted.token !== "" || !was.enabled || wanted.environment !== was.environment)
          ? { token, environment: wanted.environment }
          : null;
      const wasCorreios = shippingOf(before).correios;
      const wantedCorreios = input.shipping.correios;
      const accessCode = wantedCorreios.access_code || wasCorreios.access_code;
      const correiosCheck =
        wantedCorreios.enabled &&
        accessCode !== "" &&
        (wantedCorreios.access_code !== "" ||
          !wasCorreios.enabled ||
          wantedCorreios.user !== wasCorreios.user ||
          wantedCorreios.posting_card !== wasCorreios.posting_card ||
          wantedCorreios.environment !== wasCorreios.environment)
          ? { ...wantedCorreios, access_code: accessCode }
          : null;
      const [tokenError, correiosError] = await Promise.all([
        check ? tryMelhorEnvio(check, before) : null,
        correiosCheck ? tryCorreios(correiosCheck) : null,
      ]);
      const refused: Record<string, string[]> = {};
      if (tokenError && failureOf("melhorenvio", tokenError).kind === "unauthorized")
        refused["shipping.melhor_envio.token"] = [MELHOR_ENVIO_TOKEN_REFUSED];
      if (correiosError && failureOf("correios", correiosError).kind === "unauthorized")
        refused["shipping.correios.access_code"] = [CORREIOS_CREDENTIALS_REFUSED];
      const [firstRefusal] = Object.values(refused).flat();
      if (firstRefusal !== undefined) throw invalid(firstRefusal, refused);
      const saved = await context.transaction(async (tx) => {
        const [sealed] = await tx.db.select().from(shopSettings).where(eq(shopSettings.id, 1)).for("update");
        const stored = sealed && openShopSecrets(context.secretBox, sealed).row;
        const storedCode = stored?.shipping.correios.access_code ?? "";
        const correios = { ...input.shipping.correios, access_code: input.shipping.correios.access_code || storedCode };
        if (correios.enabled && correios.access_code === "")
          throw invalid(ACCESS_CODE_MISSING, { "shipping.correios.access_code": [ACCESS_CODE_MISSING] });
        const storedToken = stored ? shippingOf(stored).melhor_envio.token : "";
        const melhorEnvio = { ...input.shipping.melhor_envio, token: input.shipping.melhor_envio.token || storedToken };
        if (melhorEnvio.enabled && melhorEnvio.token === "")
          throw invalid(MELHOR_ENVIO_TOKEN_MISSING, { "shipping.melhor_envio.token": [MELHOR_ENVIO_TOKEN_MISSING] });
        const shipping: ShippingSettings = { ...input.shipping, correios, melhor_envio: melhorEnvio };
        const storedPayments = stored ? paymentsOf(stored) : paymentSettingsSchema.parse({});
        const values = {
          legalName: input.legal_name,
          address: input.address,
          taxId: input.tax_id,
          city: input.city,
          uf: input.uf,
          originPostalCode: input.origin_postal_code,
          ...sealShopSecrets(
            context.secretBox,
            { shipping, payments: paymentsToStore(input.payments, storedPayments) },
            sealed,
          ),
          orderExpiryHours: input.order_expiry_hours,
          notifications: input.notifications ?? stored?.notifications ?? null,
          whatsapp: input.whatsapp === undefined ? (stored?.whatsapp ?? null) : input.whatsapp,
          updatedAt: new Date(),
        };
        const [written] = await tx.db
          .insert(shopSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: shopSettings.id, set: values })
          .returning();
        if (!written) throw new Error("shop settings upsert returned nothing");
        const { row } = openShopSecrets(context.secretBox, written);
        await auditSettings(tx, admin, stored ?? defaultRow(), row);
        return row;
      });
      context.announce({ name: "shop.changed", payload: undefined });
      const asked: Carrier[] = [
        ...(check ? ["melhorenvio" as const] : []),
        ...(correiosCheck ? ["correios" as const] : []),
      ];
      const failed = new Map<Carrier, unknown>();
      if (tokenError) failed.set("melhorenvio", tokenError);
      if (correiosError) failed.set("correios", correiosError);
      await recordOutcomes(asked, failed);
      return viewOf(saved);
    },

    /**
     * What every visitor may know of the settings, for the public pages: the Pix discount offered now (0 when
     * the provider takes no Pix) and the WhatsApp number.
     */
    async storefront(): Promise<{ pix_discount_percent: number; whatsapp: string | null }> {
      const row = await readRow();
      const payments = paymentsOf(row);
      return {
        pix_discount_percent: payments.provider === "manual" ? 0 : payments.pix_discount_percent,
        whatsapp: row.whatsapp,
      };
    },

    /** The stored payment settings, secrets included: for the server's own use, never for an answer. */
    async paymentSettings(): Promise<PaymentSettings> {
      return paymentsOf(await readRow());
    },

    /**
     * The gateway of `provider` (an order's, which the settings may have changed since), else of the one
     * the settings choose now, with the stored settings.
     */
    async paymentGateway(provider?: PaymentProvider): Promise<PaymentGateway> {
      const settings = paymentsOf(await readRow());
      return createPaymentGateway({ ...settings, provider: provider ?? settings.provider }, state.payments);
    },

    /**
     * Where the shop's own e-mails go: the address set for the shop, else the site's public e-mail, else
     * every administrator's (noticeAddresses above), as /conta/shop tells the owner.
     */
    async ownerRecipients(actor: Actor | null): Promise<OwnerRecipients> {
      requireAdmin(actor);
      return recipientsOf(await readRow());
    },

    /** Where the shop's e-mail of `notice` goes (ownerRecipients); none when that notice is off. */
    async ownerAddresses(notice: OwnerNotice | "carrier_failing"): Promise<string[]> {
      const row = await readRow();
      // A carrier that stops quoting can stop every sale: that notice cannot be switched off.
      if (notice !== "carrier_failing" && !notificationsOf(row)[notice]) return [];
      return (await recipientsOf(row)).addresses;
    },

    /** Melhor Envio's client for the labels of /conta/pedidos; null when the settings turn it off or hold no token. */
    async melhorEnvio(): Promise<MelhorEnvioClient | null> {
      return melhorEnvioClient(await readRow());
    },

    /** Hours after which an unpaid order is canceled and its stock given back. */
    async orderExpiryHours(): Promise<number> {
      return (await readRow()).orderExpiryHours;
    },

    /**
     * Shipping options for `input.items` to `input.postal_code`, cheapest first, from every provider
     * the settings turn on; a provider that fails is named in `unavailable` and the others still answer.
     */
    async quote(actor: Actor | null, input: ShippingQuoteInput): Promise<ShippingQuoteView> {
      await requireShopOpen(context.services, actor);
      const row = await readRow();
      const found = await context.services.products.forCart(input.items.map((item) => item.variant_id));
      const byVariant = new Map(found.map((item) => [item.variant.id, item]));
      const items: QuoteItem[] = input.items.flatMap((item) => {
        const sellable = byVariant.get(item.variant_id);
        if (!sellable || sellable.product.id !== item.product_id) return [];
        const { product, variant } = sellable;
        return [
          {
            weight_grams: product.weight_grams,
            length_cm: product.length_cm,
            height_cm: product.height_cm,
            width_cm: product.width_cm,
            diameter_cm: product.diameter_cm,
            format: product.package_format,
            quantity: item.quantity,
            price_cents: variant.price_cents,
          },
        ];
      });
      if (items.length === 0) return { options: [], unavailable: [] };
      const melhorEnvio = await melhorEnvioClient(row);
      const deps: ShippingDeps = melhorEnvio
        ? {
            ...state.shipping,
            melhorEnvio: {
              client: melhorEnvio,
              cache: state.melhorEnvioQuotes,
              settingsVersion: String(row.updatedAt.getTime()),
            },
          }
        : state.shipping;
      const providers = providersFor(shippingOf(row), deps);
      const failed = new Map<Carrier, unknown>();
      const result = await quoteShipping(
        providers,
        {
          origin_cep: row.originPostalCode ?? "",
          destination_cep: input.postal_code,
          items,
          subtotal_cents: items.reduce((total, item) => total + item.price_cents * item.quantity, 0),
        },
        {
          onError: (provider, error) => {
            context.logger.warn({ err: error, provider }, "shipping provider failed");
            if (provider === "correios" || provider === "melhorenvio") failed.set(provider, error);
          },
        },
      );
      await recordOutcomes(
        providers.flatMap((provider) =>
          provider.provider === "correios" || provider.provider === "melhorenvio" ? [provider.provider] : [],
        ),
        failed,
      );
      return result;
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
