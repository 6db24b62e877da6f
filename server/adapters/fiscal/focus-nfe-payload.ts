// A note draft written as Focus NFe's JSON for `POST /v2/nfe?ref=` (FocusNFe/api-doc, source/includes/_nfe.md):
// amounts as decimal strings (never a float's 0.30000000000000004), the date with São Paulo's offset.
import type { TaxRegime } from "../../../common/schemas/fiscal.ts";
import type { NoteDraft } from "../../modules/fiscal/note-draft.ts";

/** Focus NFe's `regime_tributario_emitente`: 1 Simples Nacional, 2 its sublimit exceeded, 3 regime normal. */
const REGIME_CODE: Record<TaxRegime, number> = { simples: 1, simples_excesso: 2, normal: 3 };

/** Integer cents as the decimal string the API reads: 1290 -> "12.90". */
export function decimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** An instant as São Paulo's local time with its offset (-03:00: Brazil has had no daylight saving since 2019). */
export function saoPauloTimestamp(instant: Date): string {
  const local = new Date(instant.getTime() - 3 * 60 * 60 * 1000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

export type FocusNfeItem = Record<string, string | number>;
export type FocusNfePayload = Record<string, string | number | FocusNfeItem[]>;

export function focusNfePayload(draft: NoteDraft): FocusNfePayload {
  const { buyer, seller } = draft;
  const items = draft.items.map(
    (item): FocusNfeItem => ({
      numero_item: item.position,
      codigo_produto: item.code,
      descricao: item.description,
      cfop: item.cfop,
      codigo_ncm: item.fiscal.ncm,
      codigo_barras_comercial: item.fiscal.gtin,
      codigo_barras_tributavel: item.fiscal.gtin,
      unidade_comercial: item.fiscal.unit,
      quantidade_comercial: item.quantity,
      valor_unitario_comercial: decimal(item.unitPriceCents),
      unidade_tributavel: item.fiscal.unit,
      quantidade_tributavel: item.quantity,
      valor_unitario_tributavel: decimal(item.unitPriceCents),
      valor_bruto: decimal(item.grossCents),
      ...(item.discountCents > 0 ? { valor_desconto: decimal(item.discountCents) } : {}),
      ...(item.freightCents > 0 ? { valor_frete: decimal(item.freightCents) } : {}),
      inclui_no_total: 1,
      icms_origem: item.fiscal.origin,
      icms_situacao_tributaria: item.fiscal.taxSituation,
      pis_situacao_tributaria: seller.pisCofinsSituation,
      cofins_situacao_tributaria: seller.pisCofinsSituation,
    }),
  );
  return {
    natureza_operacao: draft.operationNature,
    serie: draft.series,
    data_emissao: saoPauloTimestamp(draft.issuedAt),
    tipo_documento: 1,
    finalidade_emissao: 1,
    local_destino: draft.destination === "internal" ? 1 : 2,
    consumidor_final: 1,
    presenca_comprador: 2,
    cnpj_emitente: seller.cnpj,
    inscricao_estadual_emitente: seller.stateRegistration,
    regime_tributario_emitente: REGIME_CODE[seller.regime],
    nome_destinatario: buyer.name,
    ...(buyer.cpf ? { cpf_destinatario: buyer.cpf } : {}),
    ...(buyer.cnpj ? { cnpj_destinatario: buyer.cnpj } : {}),
    indicador_inscricao_estadual_destinatario: 9,
    email_destinatario: buyer.email,
    telefone_destinatario: buyer.phone,
    logradouro_destinatario: buyer.street,
    numero_destinatario: buyer.number,
    ...(buyer.complement ? { complemento_destinatario: buyer.complement } : {}),
    bairro_destinatario: buyer.neighborhood,
    municipio_destinatario: buyer.city,
    codigo_municipio_destinatario: buyer.cityCode,
    uf_destinatario: buyer.uf,
    cep_destinatario: buyer.postalCode,
    pais_destinatario: "Brasil",
    modalidade_frete: draft.freightMode === "sender" ? 0 : 9,
    valor_produtos: decimal(draft.productsCents),
    valor_frete: decimal(draft.freightCents),
    valor_desconto: decimal(draft.discountCents),
    valor_total: decimal(draft.totalCents),
    items,
  };
}
