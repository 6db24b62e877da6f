// SEFAZ's rejection codes (cStat, the "Tabela de códigos de erros e descrições de mensagens" of the NF-e's
// Manual de Orientação do Contribuinte) that name one field the owner can fix, each with where it is fixed: the
// shop's fiscal settings, the fiscal data of the product on the refused line, or the order's own copy of the
// buyer's address and CPF/CNPJ. Codes that name no field of ours (a schema failure, a signature, SEFAZ down)
// are left out: the order's page then shows SEFAZ's text alone. A denial (301-303) is not here either: a denied
// note is never issued again.
import { accountPaths } from "./site-paths.ts";

/** Where a refused field is fixed. */
export type RejectionPlace = "settings" | "product" | "order";

export type RejectionFix = {
  /** The field as the owner knows it: "CPF/CNPJ do cliente". */
  field: string;
  /** What to check, in pt-BR. */
  hint: string;
  place: RejectionPlace;
  /** The note's line SEFAZ named ("[nItem:2]"), counted from 1; null when it named none. */
  item: number | null;
};

type Rule = Omit<RejectionFix, "item">;

const sellerCnpj: Rule = {
  field: "CNPJ da loja",
  hint: "Confira o CNPJ em Configurações fiscais: ele precisa ser o mesmo do certificado digital enviado à Focus NFe.",
  place: "settings",
};
const sellerIe: Rule = {
  field: "Inscrição estadual da loja",
  hint: 'Confira a inscrição estadual em Configurações fiscais (só os dígitos, ou "ISENTO"): ela precisa estar ativa e ligada ao CNPJ da loja.',
  place: "settings",
};
const buyerTaxId: Rule = {
  field: "CPF/CNPJ do cliente",
  hint: "Confira com o cliente o CPF ou CNPJ e corrija-o no pedido.",
  place: "order",
};
const buyerIe: Rule = {
  field: "Inscrição estadual do cliente",
  hint: "A loja emite notas para quem não é contribuinte do ICMS. Confira o CPF/CNPJ do cliente no pedido; se ele for contribuinte, fale com a sua contabilidade.",
  place: "order",
};
const buyerCity: Rule = {
  field: "Cidade do endereço do cliente",
  hint: "Confira a cidade e o estado (UF) do endereço de entrega no pedido: a cidade precisa ser do estado escolhido.",
  place: "order",
};
const productNcm: Rule = {
  field: "NCM do produto",
  hint: "Informe nos dados fiscais do produto um NCM de 8 dígitos que exista na tabela oficial.",
  place: "product",
};
const productGtin: Rule = {
  field: "GTIN/EAN do produto",
  hint: 'Confira nos dados fiscais do produto o código de barras (GTIN/EAN), ou use "SEM GTIN".',
  place: "product",
};
const taxSituation: Rule = {
  field: "Regime tributário e CSOSN/CST",
  hint: "O Simples Nacional usa CSOSN (102, 103...) e o regime normal usa CST: confira o regime em Configurações fiscais e a situação tributária dos produtos.",
  place: "settings",
};

const RULES: Record<string, Rule> = {
  "207": sellerCnpj,
  "213": sellerCnpj,
  "244": sellerCnpj,
  "245": sellerCnpj,
  "209": sellerIe,
  "229": sellerIe,
  "230": sellerIe,
  "231": sellerIe,
  "208": buyerTaxId,
  "237": buyerTaxId,
  "210": buyerIe,
  "232": buyerIe,
  "233": buyerIe,
  "234": buyerIe,
  "274": buyerCity,
  "275": buyerCity,
  "777": productNcm,
  "778": productNcm,
  "793": productNcm,
  "611": productGtin,
  "612": productGtin,
  "590": taxSituation,
  "591": taxSituation,
  "598": {
    field: "Ambiente (homologação ou produção)",
    hint: "A nota foi para homologação com o nome real do cliente: confira em Configurações fiscais se o ambiente escolhido é o do token salvo.",
    place: "settings",
  },
  "204": {
    field: "Série da NF-e",
    hint: "Já existe uma nota com este número nesta série: confira a série em Configurações fiscais (ou o próximo número no painel da Focus NFe).",
    place: "settings",
  },
  "539": {
    field: "Série da NF-e",
    hint: "Já existe uma nota com este número nesta série: confira a série em Configurações fiscais (ou o próximo número no painel da Focus NFe).",
    place: "settings",
  },
};

/** The code of a rejection: SEFAZ's status, or the number its message starts with when the status is missing. */
function codeOf(status: string | null, message: string | null): string | null {
  const code = status?.trim() || message?.match(/^\D{0,12}(\d{3})\b/)?.[1];
  return code || null;
}

/** The field a rejection names and where it is fixed, or null when it names none the owner can fix. */
export function rejectionFix(status: string | null, message: string | null): RejectionFix | null {
  const code = codeOf(status, message);
  const rule = code ? RULES[code] : undefined;
  if (!rule) return null;
  const item = Number(message?.match(/nItem:\s*(\d+)/i)?.[1] ?? Number.NaN);
  return { ...rule, item: Number.isInteger(item) && item > 0 ? item : null };
}

/** A screen where a rejected field is fixed, named for the link's accessible name. */
export type FixLink = { label: string; path: string };

/** The order, as its note's lines name its products (in the order of its items). */
export type RejectedOrder = { id: number; items: readonly { product_id: number; name: string }[] };

/**
 * Where to fix `fix` for `order`: the fiscal settings, the order's address and buyer form, or the product of the
 * line SEFAZ named (every product of the order when it named none).
 */
export function rejectionFixLinks(fix: RejectionFix, order: RejectedOrder): FixLink[] {
  if (fix.place === "settings") return [{ label: "Configurações fiscais", path: accountPaths.area("fiscal") }];
  if (fix.place === "order")
    return [{ label: "Endereço e CPF/CNPJ do pedido", path: `${accountPaths.order(order.id)}#endereco` }];
  const named = fix.item === null ? undefined : order.items[fix.item - 1];
  const items = named ? [named] : order.items;
  const seen = new Set<number>();
  return items.flatMap((item) => {
    if (seen.has(item.product_id)) return [];
    seen.add(item.product_id);
    return [{ label: `Dados fiscais de ${item.name}`, path: accountPaths.edit("produtos", item.product_id) }];
  });
}
