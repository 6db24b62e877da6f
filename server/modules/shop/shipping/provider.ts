import type { PackageFormat } from "../../../../common/schemas/product.ts";

/** The specification's package formats (1 Caixa/Pacote, 2 Rolo/Prisma, 3 Envelope), as the product form offers them. */
export { type PackageFormat, packageFormats as PACKAGE_FORMATS } from "../../../../common/schemas/product.ts";

export type ShippingProviderName = "table" | "pickup" | "free" | "correios" | "melhorenvio";

/** One cart line as shipping sees it: a product's package data, how many, and its unit price. */
export type QuoteItem = {
  weight_grams: number;
  length_cm: number;
  height_cm: number;
  width_cm: number;
  /** Used by rolls (format 2) in place of width and height. */
  diameter_cm: number;
  format: PackageFormat;
  quantity: number;
  price_cents: number;
};

export type QuoteRequest = {
  /** 8 digits; punctuation is ignored. */
  origin_cep: string;
  destination_cep: string;
  items: QuoteItem[];
  subtotal_cents: number;
};

export type ShippingOption = {
  /** Stable across quotes while the configuration keeps the service: what an order records as its choice. */
  code: string;
  name: string;
  price_cents: number;
  delivery_days: number;
  provider: ShippingProviderName;
  /** What the customer needs to know besides the name, such as where to pick the order up. */
  details?: string;
};

export type ShippingProvider = {
  provider: ShippingProviderName;
  /** Rejects when the provider cannot answer; an empty list means it does not serve this request. */
  quote(request: QuoteRequest, signal: AbortSignal): Promise<ShippingOption[]>;
};
