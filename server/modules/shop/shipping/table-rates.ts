import { createHash } from "node:crypto";
import { normalizeCep, ufOfCep } from "../../../../common/brazil/cep.ts";
import { SHIPPING_SERVICE_MAX } from "../../../../common/cart.ts";
import { foldCase } from "../../../../common/schemas/product.ts";
import type { TableRate } from "../../../../common/schemas/shipping.ts";
import { consolidatePackage } from "./package.ts";
import type { ShippingOption, ShippingProvider } from "./provider.ts";

/**
 * The shop's own table, offered with no carrier contract and no network. Each service (the rows'
 * name, without case or accents) gives at most one option: among its rows for the destination and the
 * package's weight, a CEP range beats a UF, a narrower range beats a wider one, then the earlier row wins.
 */
export function tableRatesProvider(rows: readonly TableRate[]): ShippingProvider {
  return {
    provider: "table",
    quote: async (request) =>
      matchTableRates(rows, request.destination_cep, consolidatePackage(request.items).weight_grams),
  };
}

export function matchTableRates(
  rows: readonly TableRate[],
  destinationCep: string,
  weightGrams: number,
): ShippingOption[] {
  const cep = normalizeCep(destinationCep);
  if (cep === null) return [];
  const uf = ufOfCep(cep);
  const best = new Map<string, { row: TableRate; rank: number }>();
  for (const row of rows) {
    if (weightGrams < row.min_weight_grams || weightGrams > row.max_weight_grams) continue;
    const rank = rankFor(row.region, cep, uf);
    if (rank === null) continue;
    const service = serviceKey(row.name);
    const current = best.get(service);
    if (!current || rank < current.rank) best.set(service, { row, rank });
  }
  return [...best].map(([service, { row }]) => ({
    code: `table:${service}`,
    name: row.name,
    price_cents: row.price_cents,
    delivery_days: row.delivery_days,
    provider: "table",
  }));
}

/** Lower is more specific: a CEP range ranks by its width, below every UF row; null when it does not apply. */
function rankFor(region: TableRate["region"], cep: string, uf: string | null): number | null {
  if (region.kind === "uf") return region.uf === uf ? Number.MAX_SAFE_INTEGER : null;
  if (cep < region.from || cep > region.to) return null;
  return Number(region.to) - Number(region.from);
}

/** "Entrega Padrão" and "entrega padrao" are one service, coded "entrega-padrao". */
function serviceKey(name: string): string {
  const slug = foldCase(name)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug !== "" && slug.length <= SHIPPING_SERVICE_MAX) return slug;
  // A long name (up to 80 characters) or one without a Latin letter or digit still gets a code the cart
  // keeps: its start, and a hash of the whole name so that two long names stay two services.
  const hash = createHash("sha256").update(foldCase(name)).digest("hex").slice(0, 8);
  const start = slug.slice(0, SHIPPING_SERVICE_MAX - hash.length - 1).replace(/-+$/, "");
  return start === "" ? hash : `${start}-${hash}`;
}
