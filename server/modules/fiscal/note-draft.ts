// A sale's nota fiscal (NF-e, model 55) drafted from the order as it was placed, whatever provider sends it:
// the rules SEFAZ checks are here, once, and each provider's adapter only writes the draft in its own JSON.
// Before anything is sent, every field that would block the note is listed with where to fix it.
import { isValidCnpj, isValidCpf, isValidIe, isValidNcm } from "@brazilian-utils/brazilian-utils";
import { isValidGtin } from "../../../common/brazil/gtin.ts";
import { municipalityCode } from "../../../common/brazil/municipalities.ts";
import { isStateCode } from "../../../common/brazil/states.ts";
import type { FiscalEnvironment, TaxRegime } from "../../../common/schemas/fiscal.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";

/** What SEFAZ requires as the buyer's name on every note of homologação (rejection 598 otherwise). */
export const HOMOLOGATION_BUYER_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

/** CSOSN (Simples Nacional) that need no ICMS computed on the note: sales without ICMS credit to pass on. */
export const SIMPLES_TAX_SITUATIONS = ["102", "103", "300", "400", "500"] as const;
/**
 * CST the note can carry without an ICMS base and rate (the draft has neither): exempt (40), untaxed (41),
 * suspended (50), already taxed by substituição tributária (60). 00 and 20, a sale taxed in full or with a
 * reduced base, need the base, the rate and the tax on each item, which the shop does not compute yet.
 */
export const NORMAL_TAX_SITUATIONS = ["40", "41", "50", "60"] as const;

/**
 * Whether the regime's notes carry a CSOSN: only the Simples Nacional's (CRT 1). A company past the Simples'
 * sublimit (CRT 2) pays its ICMS as the regime normal does, so its items carry a CST.
 */
export const usesCsosn = (regime: TaxRegime) => regime === "simples";

export type SellerFiscal = {
  cnpj: string;
  /** Digits, or "ISENTO". */
  stateRegistration: string;
  regime: TaxRegime;
  /** The state it ships from: a sale to another state is interstate (CFOP 6102). */
  uf: string;
  series: number;
  operationNature: string;
  /** PIS and COFINS situation of every item (07, operação isenta, is a Simples shop's usual one). */
  pisCofinsSituation: string;
};

/** An item's fiscal data: the product's own, or the shop's defaults where it has none. */
export type ItemFiscal = {
  ncm: string;
  /** Origem da mercadoria, 0 (nacional) to 8. */
  origin: number;
  /** CSOSN under the Simples, CST otherwise. */
  taxSituation: string;
  unit: string;
  /** A GTIN with its check digit, or "SEM GTIN". */
  gtin: string;
};

export type NoteOrderItem = {
  productId: number;
  code: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  fiscal: ItemFiscal | null;
};

export type NoteOrder = {
  id: number;
  number: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** CPF (11 digits) or CNPJ (14). */
  customerTaxId: string;
  address: OrderAddress;
  /** Picked up at the shop: no transport on the note. */
  pickup: boolean;
  subtotalCents: number;
  shippingCents: number;
  /** The coupon's part off the items. */
  couponItemsDiscountCents: number;
  /** The coupon's part off the shipping (the whole shipping for a free-shipping coupon). */
  couponShippingDiscountCents: number;
  pixDiscountCents: number;
  totalCents: number;
  items: NoteOrderItem[];
};

export type DraftItem = {
  position: number;
  productId: number;
  code: string;
  description: string;
  cfop: "5102" | "6102";
  fiscal: ItemFiscal;
  quantity: number;
  unitPriceCents: number;
  grossCents: number;
  /** Its share of the coupon and Pix discounts. */
  discountCents: number;
  /** Its share of the freight. */
  freightCents: number;
};

export type NoteDraft = {
  /** Ours, one per order: the provider keeps it unique, so a retry never makes a second note. */
  reference: string;
  environment: FiscalEnvironment;
  issuedAt: Date;
  operationNature: string;
  series: number;
  seller: { cnpj: string; stateRegistration: string; regime: TaxRegime; pisCofinsSituation: string };
  destination: "internal" | "interstate";
  buyer: {
    name: string;
    cpf: string | null;
    cnpj: string | null;
    email: string;
    phone: string;
    street: string;
    number: string;
    complement: string;
    neighborhood: string;
    city: string;
    cityCode: string;
    uf: string;
    postalCode: string;
  };
  /** Sender: the shop contracts the carrier (CIF). None: picked up. */
  freightMode: "sender" | "none";
  items: DraftItem[];
  productsCents: number;
  freightCents: number;
  discountCents: number;
  totalCents: number;
};

/** Where a blocking field is fixed: the shop's fiscal settings, a product, or the order's address. */
export type NoteProblemPlace = { kind: "settings" } | { kind: "product"; productId: number } | { kind: "order" };

export type NoteProblem = { field: string; message: string; place: NoteProblemPlace };

export type DraftResult = { ok: true; draft: NoteDraft } | { ok: false; problems: NoteProblem[] };

/** The note's reference for an order: derived from it, so every attempt for one order names the same note. */
export function noteReference(order: { number: number }): string {
  return `pedido-${order.number}`;
}

/**
 * `total` split over `weights` in proportion, in whole cents that add up to it exactly: each share rounded
 * down, then the cents left given to the largest remainders (the first of equal ones).
 */
export function spreadCents(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((acc, share) => acc + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left--;
  }
  return shares;
}

function sellerProblems(seller: SellerFiscal): NoteProblem[] {
  const place: NoteProblemPlace = { kind: "settings" };
  const problems: NoteProblem[] = [];
  if (!isValidCnpj(seller.cnpj))
    problems.push({ field: "cnpj", message: "O CNPJ da loja não confere com os dígitos verificadores.", place });
  if (!isStateCode(seller.uf))
    problems.push({ field: "uf", message: "Informe o estado (UF) de onde a loja vende.", place });
  else if (seller.stateRegistration !== "ISENTO" && !isValidIe(seller.uf, seller.stateRegistration))
    problems.push({
      field: "inscricao_estadual",
      message: `A inscrição estadual não é válida para ${seller.uf}: confira os números ou marque "isento".`,
      place,
    });
  return problems;
}

const REGIME_NAMES: Record<TaxRegime, string> = {
  simples: "o Simples Nacional",
  simples_excesso: "o Simples Nacional com excesso de sublimite",
  normal: "o regime normal",
};

function itemProblems(item: NoteOrderItem, position: number, regime: TaxRegime): NoteProblem[] {
  const place: NoteProblemPlace = { kind: "product", productId: item.productId };
  const label = `Item ${position} (${item.description})`;
  const { fiscal } = item;
  if (!fiscal)
    return [
      {
        field: `itens.${position}`,
        message: `${label}: o produto não tem dados fiscais (NCM, origem, situação tributária).`,
        place,
      },
    ];
  const problems: NoteProblem[] = [];
  if (!isValidNcm(fiscal.ncm))
    problems.push({
      field: `itens.${position}.ncm`,
      message: `${label}: o NCM ${fiscal.ncm || "(vazio)"} não existe na tabela oficial.`,
      place,
    });
  if (!Number.isInteger(fiscal.origin) || fiscal.origin < 0 || fiscal.origin > 8)
    problems.push({
      field: `itens.${position}.origem`,
      message: `${label}: a origem da mercadoria vai de 0 a 8.`,
      place,
    });
  const csosn = usesCsosn(regime);
  const situations: readonly string[] = csosn ? SIMPLES_TAX_SITUATIONS : NORMAL_TAX_SITUATIONS;
  if (!situations.includes(fiscal.taxSituation))
    problems.push({
      field: `itens.${position}.situacao_tributaria`,
      message: `${label}: ${csosn ? "o CSOSN" : "o CST"} ${fiscal.taxSituation || "(vazio)"} não serve para ${REGIME_NAMES[regime]} (use ${situations.join(", ")}).`,
      place,
    });
  if (!/^[A-Z0-9]{1,6}$/.test(fiscal.unit))
    problems.push({
      field: `itens.${position}.unidade`,
      message: `${label}: a unidade comercial (UN, KG, CX...) tem de 1 a 6 letras ou números.`,
      place,
    });
  if (!isValidGtin(fiscal.gtin))
    problems.push({
      field: `itens.${position}.gtin`,
      message: `${label}: o GTIN/EAN ${fiscal.gtin} não confere com o dígito verificador (ou use "SEM GTIN").`,
      place,
    });
  return problems;
}

function buyerProblems(order: NoteOrder): NoteProblem[] {
  const place: NoteProblemPlace = { kind: "order" };
  const problems: NoteProblem[] = [];
  const { address } = order;
  const taxId = order.customerTaxId;
  const validTaxId = taxId.length === 11 ? isValidCpf(taxId) : taxId.length === 14 ? isValidCnpj(taxId) : false;
  if (!validTaxId)
    problems.push({
      field: "cpf_cnpj",
      message: "O CPF ou CNPJ do cliente não confere com os dígitos verificadores.",
      place,
    });
  if (address.street.trim() === "")
    problems.push({ field: "logradouro", message: "Falta a rua do endereço do cliente.", place });
  if (address.number.trim() === "")
    problems.push({ field: "numero", message: 'Falta o número do endereço do cliente (ou "S/N").', place });
  if (address.neighborhood.trim() === "")
    problems.push({ field: "bairro", message: "Falta o bairro do endereço do cliente.", place });
  if (!/^\d{8}$/.test(address.postal_code))
    problems.push({ field: "cep", message: "O CEP do cliente precisa ter 8 dígitos.", place });
  if (municipalityCode(address.uf, address.city) === null)
    problems.push({
      field: "municipio",
      message: `A cidade "${address.city}" não é um município de ${address.uf || "(sem UF)"} na lista do IBGE.`,
      place,
    });
  return problems;
}

/**
 * The note of `order`: its items at the prices paid, the coupon's and the Pix discounts spread over them and
 * the freight charged, so that products + freight - discounts is the order's total to the cent; or every
 * field that blocks it.
 */
export function draftNote(input: {
  order: NoteOrder;
  seller: SellerFiscal;
  environment: FiscalEnvironment;
  issuedAt: Date;
}): DraftResult {
  const { order, seller, environment } = input;
  const problems = [
    ...sellerProblems(seller),
    ...order.items.flatMap((item, index) => itemProblems(item, index + 1, seller.regime)),
    ...buyerProblems(order),
  ];
  const freightCents = order.shippingCents - order.couponShippingDiscountCents;
  const discountCents = order.couponItemsDiscountCents + order.pixDiscountCents;
  const productsCents = order.items.reduce((sum, item) => sum + item.totalCents, 0);
  if (productsCents + freightCents - discountCents !== order.totalCents)
    problems.push({
      field: "valor_total",
      message: "Os itens, o frete e os descontos não somam o total do pedido: a nota não pode ser emitida por ele.",
      place: { kind: "order" },
    });
  const cityCode = municipalityCode(order.address.uf, order.address.city);
  if (problems.length > 0 || cityCode === null) return { ok: false, problems };

  const grosses = order.items.map((item) => item.totalCents);
  const discounts = spreadCents(discountCents, grosses);
  const freights = spreadCents(freightCents, grosses);
  const destination = order.address.uf === seller.uf ? "internal" : "interstate";
  // No problem was found, so every item has its fiscal data.
  const items = order.items.flatMap((item, index): DraftItem[] =>
    item.fiscal
      ? [
          {
            position: index + 1,
            productId: item.productId,
            code: item.code,
            description: item.description,
            cfop: destination === "internal" ? "5102" : "6102",
            fiscal: item.fiscal,
            quantity: item.quantity,
            unitPriceCents: item.unitPriceCents,
            grossCents: item.totalCents,
            discountCents: discounts[index] ?? 0,
            freightCents: freights[index] ?? 0,
          },
        ]
      : [],
  );
  const taxId = order.customerTaxId;
  return {
    ok: true,
    draft: {
      reference: noteReference(order),
      environment,
      issuedAt: input.issuedAt,
      operationNature: seller.operationNature,
      series: seller.series,
      seller: {
        cnpj: seller.cnpj,
        stateRegistration: seller.stateRegistration,
        regime: seller.regime,
        pisCofinsSituation: seller.pisCofinsSituation,
      },
      destination,
      buyer: {
        name: environment === "homologacao" ? HOMOLOGATION_BUYER_NAME : order.customerName,
        cpf: taxId.length === 11 ? taxId : null,
        cnpj: taxId.length === 14 ? taxId : null,
        email: order.customerEmail,
        phone: order.customerPhone,
        street: order.address.street,
        number: order.address.number,
        complement: order.address.complement,
        neighborhood: order.address.neighborhood,
        city: order.address.city,
        cityCode,
        uf: order.address.uf,
        postalCode: order.address.postal_code,
      },
      freightMode: order.pickup ? "none" : "sender",
      items,
      productsCents,
      freightCents,
      discountCents,
      totalCents: order.totalCents,
    },
  };
}
