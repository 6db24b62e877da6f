import { describe, expect, it } from "vitest";
import { fieldErrors } from "../zod.ts";
import { DEFAULT_CORREIOS_SERVICES, MAX_TABLE_RATES, shippingSettingsSchema, tableRateSchema } from "./shipping.ts";

const row = {
  name: "Entrega padrão",
  region: { kind: "uf", uf: "SP" },
  min_weight_grams: 0,
  max_weight_grams: 1000,
  price_cents: 1590,
  delivery_days: 5,
};

const errorsOf = (result: { success: boolean; error?: Parameters<typeof fieldErrors>[0] }) =>
  result.error ? fieldErrors(result.error) : {};

describe("shippingSettingsSchema", () => {
  it("starts with everything off, an empty table and the specification's Correios services", () => {
    const settings = shippingSettingsSchema.parse({});
    expect(settings).toEqual({
      table_rates: [],
      pickup: { enabled: false, address: "", instructions: "", delivery_days: 0 },
      free_shipping: { enabled: false, min_subtotal_cents: 0 },
      correios: {
        enabled: false,
        environment: "production",
        user: "",
        access_code: "",
        posting_card: "",
        contract: "",
        dr: 0,
        services: DEFAULT_CORREIOS_SERVICES.map((service) => ({ ...service })),
      },
      melhor_envio: {
        enabled: false,
        environment: "production",
        token: "",
        services: [],
        margin: { kind: "fixed", value: 0 },
        extra_days: 0,
      },
    });
    expect(DEFAULT_CORREIOS_SERVICES.map((service) => `${service.code} ${service.name}`)).toEqual([
      "04510 PAC",
      "04014 SEDEX",
      "04782 SEDEX 12",
      "04790 SEDEX 10",
      "04804 SEDEX Hoje",
    ]);
  });

  it("reads a form's texts: UF in lower case, a CEP with its hyphen, reais with a comma, digits", () => {
    const parsed = tableRateSchema.parse({
      name: " Expressa ",
      region: { kind: "cep_range", from: "01000-000", to: "05999999" },
      min_weight_grams: "0",
      max_weight_grams: "30000",
      price_cents: "1.234,56",
      delivery_days: "2",
    });
    expect(parsed).toEqual({
      name: "Expressa",
      region: { kind: "cep_range", from: "01000000", to: "05999999" },
      min_weight_grams: 0,
      max_weight_grams: 30000,
      price_cents: 123456,
      delivery_days: 2,
    });
    expect(tableRateSchema.parse({ ...row, region: { kind: "uf", uf: "rj" } }).region).toEqual({
      kind: "uf",
      uf: "RJ",
    });
  });

  it("refuses unknown UFs, malformed and reversed CEP ranges, in Portuguese", () => {
    expect(errorsOf(tableRateSchema.safeParse({ ...row, region: { kind: "uf", uf: "XX" } }))).toEqual({
      "region.uf": ["Escolha uma UF válida, como SP"],
    });
    expect(
      errorsOf(tableRateSchema.safeParse({ ...row, region: { kind: "cep_range", from: "0131", to: "01310100" } })),
    ).toEqual({ "region.from": ["Informe um CEP válido, como 01310-100"] });
    expect(
      errorsOf(tableRateSchema.safeParse({ ...row, region: { kind: "cep_range", from: "02000000", to: "01000000" } })),
    ).toEqual({ "region.to": ["O CEP final precisa ser igual ou maior que o inicial"] });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, region: { kind: "country" } }))).toEqual({
      "region.kind": ["Escolha uma UF ou uma faixa de CEP"],
    });
  });

  it("refuses reversed, negative and fractional weights, prices beyond R$ 10 milhões and days beyond a year", () => {
    expect(errorsOf(tableRateSchema.safeParse({ ...row, min_weight_grams: 2000, max_weight_grams: 1000 }))).toEqual({
      max_weight_grams: ["O peso máximo precisa ser igual ou maior que o mínimo"],
    });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, min_weight_grams: -1 }))).toEqual({
      min_weight_grams: ["Não pode ser negativo"],
    });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, max_weight_grams: 10.5 }))).toEqual({
      max_weight_grams: ["Informe o peso em gramas em números inteiros"],
    });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, max_weight_grams: "dez" }))).toEqual({
      max_weight_grams: ["Informe o peso em gramas em números"],
    });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, price_cents: 1_000_000_001 }))).toEqual({
      price_cents: ["O valor máximo é R$ 10.000.000,00"],
    });
    expect(tableRateSchema.safeParse({ ...row, price_cents: 1_000_000_000 }).success).toBe(true);
    expect(errorsOf(tableRateSchema.safeParse({ ...row, delivery_days: 366 }))).toEqual({
      delivery_days: ["No máximo 365"],
    });
    expect(errorsOf(tableRateSchema.safeParse({ ...row, name: "" }))).toEqual({ name: ["Campo obrigatório"] });
  });

  it(`keeps the table to ${MAX_TABLE_RATES} rows`, () => {
    const rows = (count: number) => Array.from({ length: count }, () => row);
    expect(shippingSettingsSchema.safeParse({ table_rates: rows(MAX_TABLE_RATES) }).success).toBe(true);
    expect(errorsOf(shippingSettingsSchema.safeParse({ table_rates: rows(MAX_TABLE_RATES + 1) }))).toEqual({
      table_rates: [`No máximo ${MAX_TABLE_RATES} linhas na tabela de frete`],
    });
  });

  it("needs the pickup address when pickup is on", () => {
    expect(errorsOf(shippingSettingsSchema.safeParse({ pickup: { enabled: true } }))).toEqual({
      "pickup.address": ["Informe o endereço de retirada"],
    });
  });

  it("needs the user, the posting card and a service when Correios is on (the access code may be the stored one), and refuses repeated or malformed codes", () => {
    expect(errorsOf(shippingSettingsSchema.safeParse({ correios: { enabled: true, services: [] } }))).toEqual({
      "correios.user": ["Informe o usuário do contrato"],
      "correios.posting_card": ["Informe o cartão de postagem"],
      "correios.services": ["Escolha ao menos um serviço"],
    });
    const services = [
      { code: "03298", name: "PAC contrato" },
      { code: "03298", name: "PAC de novo" },
    ];
    expect(errorsOf(shippingSettingsSchema.safeParse({ correios: { services } }))).toEqual({
      "correios.services": ["Cada serviço aparece uma vez"],
    });
    expect(
      errorsOf(
        shippingSettingsSchema.safeParse({
          correios: { environment: "test", posting_card: "12a", services: [{ code: "4510", name: "PAC" }] },
        }),
      ),
    ).toEqual({
      "correios.environment": ["Escolha Produção ou Homologação"],
      "correios.posting_card": ["Informe o cartão de postagem só com números"],
      "correios.services.0.code": ["O código do serviço tem 5 dígitos, como 04510"],
    });
  });

  it("reads Melhor Envio's services as ids from the list, its margin in reais or whole percent, and its extra days", () => {
    const fromForm = shippingSettingsSchema.parse({
      melhor_envio: {
        enabled: true,
        environment: "sandbox",
        services: ["1", "3", "17"],
        margin: { kind: "fixed", value: "2,50" },
        extra_days: "2",
      },
    });
    expect(fromForm.melhor_envio).toEqual({
      enabled: true,
      environment: "sandbox",
      token: "",
      services: [1, 3, 17],
      margin: { kind: "fixed", value: 250 },
      extra_days: 2,
    });
    const percent = shippingSettingsSchema.parse({ melhor_envio: { margin: { kind: "percent", value: 10 } } });
    expect(percent.melhor_envio.margin).toEqual({ kind: "percent", value: 10 });
    expect(
      errorsOf(
        shippingSettingsSchema.safeParse({
          melhor_envio: {
            enabled: true,
            environment: "test",
            token: "abc def",
            services: [],
            margin: { kind: "percent", value: 101 },
            extra_days: 31,
          },
        }),
      ),
    ).toEqual({
      "melhor_envio.environment": ["Escolha Sandbox ou Produção"],
      "melhor_envio.token": ["Cole o token sem espaços nem quebras de linha"],
      "melhor_envio.margin.value": ["No máximo 100"],
      "melhor_envio.extra_days": ["No máximo 30"],
      "melhor_envio.services": ["Escolha ao menos um serviço"],
    });
    expect(errorsOf(shippingSettingsSchema.safeParse({ melhor_envio: { services: [1, 1, 99] } }))).toEqual({
      "melhor_envio.services": ["Cada serviço aparece uma vez"],
      "melhor_envio.services.2": ["Escolha os serviços da lista"],
    });
    expect(
      errorsOf(shippingSettingsSchema.safeParse({ melhor_envio: { margin: { kind: "fixed", value: "R$ 1.000,01" } } })),
    ).toEqual({ "melhor_envio.margin.value": ["O valor máximo é R$ 1.000,00"] });
  });

  it("offers free shipping only on top of a delivery service", () => {
    expect(errorsOf(shippingSettingsSchema.safeParse({ free_shipping: { enabled: true } }))).toEqual({
      "free_shipping.enabled": [
        "O frete grátis vale para um serviço de entrega: preencha a tabela de frete ou ative os Correios",
      ],
    });
    const settings = shippingSettingsSchema.parse({
      table_rates: [row],
      free_shipping: { enabled: true, min_subtotal_cents: "199,90" },
    });
    expect(settings.free_shipping).toEqual({ enabled: true, min_subtotal_cents: 19990 });
  });
});
