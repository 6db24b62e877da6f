import { cepField } from "../brazil/cep.ts";
import { type StateCode, states } from "../brazil/states.ts";
import { MAX_PRICE_CENTS, moneyField } from "../money.ts";
import { optionalText, plainString, requiredText, z } from "../zod.ts";

export const MAX_TABLE_RATES = 500;
/** One tonne: far above what a small shop posts; a larger band is a typo. */
export const MAX_WEIGHT_GRAMS = 1_000_000;
export const MAX_DELIVERY_DAYS = 365;
/** Correios service codes are five digits: "04510" is PAC. */
export const CORREIOS_SERVICE_CODE = /^\d{5}$/;

/** The specification's "no contract" service codes; a contract's codes (e.g. 03298 PAC) replace them. */
export const DEFAULT_CORREIOS_SERVICES = [
  { code: "04510", name: "PAC" },
  { code: "04014", name: "SEDEX" },
  { code: "04782", name: "SEDEX 12" },
  { code: "04790", name: "SEDEX 10" },
  { code: "04804", name: "SEDEX Hoje" },
] as const;

export const correiosEnvironments = ["production", "staging"] as const;
export type CorreiosEnvironment = (typeof correiosEnvironments)[number];
export const correiosEnvironmentLabels: Record<CorreiosEnvironment, string> = {
  production: "Produção",
  staging: "Homologação",
};

/**
 * A whole number from 0 to `max`: a JSON number, or the digits a form sends. Not z.coerce, which reads
 * "" as 0 and true as 1.
 */
const wholeNumber = (label: string, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      return /^\d+$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? "Campo obrigatório" : `Informe ${label} em números`) })
      .int(`Informe ${label} em números inteiros`)
      .min(0, "Não pode ser negativo")
      .max(max, `No máximo ${max.toLocaleString("pt-BR")}`),
  );

const grams = wholeNumber("o peso em gramas", MAX_WEIGHT_GRAMS);
const deliveryDays = wholeNumber("o prazo em dias", MAX_DELIVERY_DAYS);

const stateCodes = states.map((state) => state.code) as [StateCode, ...StateCode[]];

const ufField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
  z.enum(stateCodes, "Escolha uma UF válida, como SP"),
);

const regionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("uf"), uf: ufField }),
    z
      .object({ kind: z.literal("cep_range"), from: cepField(), to: cepField() })
      .refine((range) => range.from <= range.to, {
        path: ["to"],
        message: "O CEP final precisa ser igual ou maior que o inicial",
      }),
  ],
  "Escolha uma UF ou uma faixa de CEP",
);

/** One row of the shop's own table: a service (by name) to a region, for packages within a weight band. */
export const tableRateSchema = z
  .object({
    name: requiredText(80),
    region: regionSchema,
    min_weight_grams: grams,
    max_weight_grams: grams,
    price_cents: moneyField(MAX_PRICE_CENTS),
    delivery_days: deliveryDays,
  })
  .refine((row) => row.min_weight_grams <= row.max_weight_grams, {
    path: ["max_weight_grams"],
    message: "O peso máximo precisa ser igual ou maior que o mínimo",
  });

export const pickupSchema = z
  .object({
    enabled: z.boolean("Informe true ou false").default(false),
    address: optionalText(300),
    instructions: optionalText(500),
    delivery_days: deliveryDays.default(0),
  })
  .refine((pickup) => !pickup.enabled || pickup.address !== "", {
    path: ["address"],
    message: "Informe o endereço de retirada",
  });

export const freeShippingSchema = z.object({
  enabled: z.boolean("Informe true ou false").default(false),
  min_subtotal_cents: moneyField(MAX_PRICE_CENTS).default(0),
});

const correiosServiceSchema = z.object({
  code: plainString({ error: "Informe o código do serviço" })
    .trim()
    .regex(CORREIOS_SERVICE_CODE, "O código do serviço tem 5 dígitos, como 04510"),
  name: requiredText(60),
});

/** Digits only: the cartão de postagem and the contract are numbers with leading zeros. */
const digitsText = (label: string) =>
  plainString({ error: `Informe ${label}` })
    .trim()
    .max(20, "No máximo 20 dígitos")
    .regex(/^\d*$/, `Informe ${label} só com números`)
    .default("");

export const correiosSchema = z
  .object({
    enabled: z.boolean("Informe true ou false").default(false),
    environment: z.enum(correiosEnvironments, "Escolha Produção ou Homologação").default("production"),
    user: optionalText(100),
    access_code: optionalText(200),
    posting_card: digitsText("o cartão de postagem"),
    /** Empty: the contract the token names for the posting card. */
    contract: digitsText("o contrato"),
    /** The regional directorate; 0: the one the token names for the posting card. */
    dr: wholeNumber("a DR", 99).default(0),
    services: z
      .array(correiosServiceSchema)
      .max(20, "No máximo 20 serviços")
      .default(() => DEFAULT_CORREIOS_SERVICES.map((service) => ({ ...service })))
      .refine(
        (services) => new Set(services.map((service) => service.code)).size === services.length,
        "Cada serviço aparece uma vez",
      ),
  })
  .superRefine((correios, context) => {
    if (!correios.enabled) return;
    // The access code is not among them: it is never sent back to the form, and an empty one keeps the
    // stored code (server/modules/shop/shop-service.ts refuses Correios without one).
    const required = [
      ["user", "Informe o usuário do contrato"],
      ["posting_card", "Informe o cartão de postagem"],
    ] as const;
    for (const [field, message] of required)
      if (correios[field] === "") context.addIssue({ code: "custom", path: [field], message });
    if (correios.services.length === 0)
      context.addIssue({ code: "custom", path: ["services"], message: "Escolha ao menos um serviço" });
  });

export const melhorEnvioEnvironments = ["sandbox", "production"] as const;
export type MelhorEnvioEnvironment = (typeof melhorEnvioEnvironments)[number];
export const melhorEnvioEnvironmentLabels: Record<MelhorEnvioEnvironment, string> = {
  sandbox: "Sandbox (testes)",
  production: "Produção",
};

/**
 * Melhor Envio's services a shop can offer, by the id its API gives them (GET /api/v2/me/shipment/services).
 * A quote names an option by the company and the service Melhor Envio answers, such as "Jadlog .Package".
 */
export const MELHOR_ENVIO_SERVICES = [
  { id: 1, company: "Correios", name: "PAC" },
  { id: 2, company: "Correios", name: "SEDEX" },
  { id: 17, company: "Correios", name: "Mini Envios" },
  { id: 3, company: "Jadlog", name: ".Package" },
  { id: 4, company: "Jadlog", name: ".Com" },
  { id: 27, company: "Jadlog", name: ".Package Centralizado" },
  { id: 31, company: "Loggi", name: "Express" },
  { id: 32, company: "Loggi", name: "Coleta" },
  { id: 34, company: "Loggi", name: "Loggi Ponto" },
  { id: 33, company: "J&T Express", name: "Standard" },
  { id: 15, company: "Azul Cargo Express", name: "Expresso" },
  { id: 16, company: "Azul Cargo Express", name: "e-commerce" },
  { id: 12, company: "LATAM Cargo", name: "éFácil" },
  { id: 22, company: "Buslog", name: "Rodoviário" },
] as const;

/** What /conta/shop ticks before Melhor Envio's services are first saved: the ones a label needs no agency for. */
export const DEFAULT_MELHOR_ENVIO_SERVICES: readonly number[] = [1, 2, 17, 31, 33];

const melhorEnvioServiceIds: ReadonlySet<number> = new Set(MELHOR_ENVIO_SERVICES.map((service) => service.id));

/** Melhor Envio's tokens are JWTs of about a thousand characters; far longer is a paste gone wrong. */
export const MAX_MELHOR_ENVIO_TOKEN = 4000;
/** R$ 1.000,00 on top of a carrier's price: past that, a typo. */
export const MAX_MARGIN_CENTS = 100_000;
export const MAX_MARGIN_PERCENT = 100;
export const MAX_EXTRA_DAYS = 30;

export const marginKinds = ["fixed", "percent"] as const;
export type MarginKind = (typeof marginKinds)[number];
export const marginKindLabels: Record<MarginKind, string> = { fixed: "Valor fixo (R$)", percent: "Porcentagem (%)" };

/** Added to each Melhor Envio price: reais (cents, or "2,50" from a form) or a whole percent. */
const marginSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("fixed"), value: moneyField(MAX_MARGIN_CENTS).default(0) }),
      z.object({ kind: z.literal("percent"), value: wholeNumber("a porcentagem", MAX_MARGIN_PERCENT).default(0) }),
    ],
    "Escolha valor fixo ou porcentagem",
  )
  .prefault({ kind: "fixed" });

const melhorEnvioServiceId = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
  z
    .number("Escolha os serviços da lista")
    .int("Escolha os serviços da lista")
    .refine((id) => melhorEnvioServiceIds.has(id), "Escolha os serviços da lista"),
);

const isObjectWith = <Key extends string>(value: unknown, key: Key): value is Record<Key, unknown> =>
  typeof value === "object" && value !== null && key in value;

export const melhorEnvioSchema = z
  .object({
    enabled: z.boolean("Informe true ou false").default(false),
    environment: z.enum(melhorEnvioEnvironments, "Escolha Sandbox ou Produção").default("production"),
    /** Write-only: never sent back; empty keeps the stored one (server/modules/shop/shop-service.ts). */
    token: plainString()
      .trim()
      .max(MAX_MELHOR_ENVIO_TOKEN, `No máximo ${MAX_MELHOR_ENVIO_TOKEN} caracteres`)
      .regex(/^\S*$/, "Cole o token sem espaços nem quebras de linha")
      .default(""),
    services: z
      .array(melhorEnvioServiceId)
      .max(MELHOR_ENVIO_SERVICES.length, "Escolha os serviços da lista")
      .default([])
      .refine((services) => new Set(services).size === services.length, "Cada serviço aparece uma vez"),
    margin: marginSchema,
    /** Working days added to each service's delay: the shop's own handling time. */
    extra_days: wholeNumber("os dias", MAX_EXTRA_DAYS).default(0),
  })
  .refine((melhorEnvio) => !melhorEnvio.enabled || melhorEnvio.services.length > 0, {
    path: ["services"],
    message: "Escolha ao menos um serviço",
    // Also beside the other fields' mistakes, so that a form shows them all at once.
    when: ({ value }) => isObjectWith(value, "services") && Array.isArray(value.services),
  });

/** What the shop admin edits: every way an order can travel. Everything starts off, with an empty table. */
export const shippingSettingsSchema = z
  .object({
    table_rates: z
      .array(tableRateSchema)
      .max(MAX_TABLE_RATES, `No máximo ${MAX_TABLE_RATES} linhas na tabela de frete`)
      .default([]),
    pickup: pickupSchema.prefault({}),
    free_shipping: freeShippingSchema.prefault({}),
    correios: correiosSchema.prefault({}),
    melhor_envio: melhorEnvioSchema.prefault({}),
  })
  .refine(
    (settings) => !settings.free_shipping.enabled || settings.table_rates.length > 0 || settings.correios.enabled,
    {
      path: ["free_shipping", "enabled"],
      message: "O frete grátis vale para um serviço de entrega: preencha a tabela de frete ou ative os Correios",
    },
  );

export type ShippingSettingsInput = z.input<typeof shippingSettingsSchema>;
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;
export type TableRate = ShippingSettings["table_rates"][number];
export type ShippingRegion = TableRate["region"];
export type PickupSettings = ShippingSettings["pickup"];
export type FreeShippingSettings = ShippingSettings["free_shipping"];
export type CorreiosSettings = ShippingSettings["correios"];
export type CorreiosService = CorreiosSettings["services"][number];
export type MelhorEnvioSettings = ShippingSettings["melhor_envio"];
export type MelhorEnvioMargin = MelhorEnvioSettings["margin"];
