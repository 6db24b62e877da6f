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
