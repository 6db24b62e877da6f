// The nota fiscal's codes in the words of the official tables (Manual de Orientação do Contribuinte da NF-e:
// origem da mercadoria, CSOSN and CST do ICMS), for the forms that choose them. Zod-free: the account screens
// read them.
import type { FiscalEnvironment, IssueMode, TaxRegime } from "./schemas/fiscal.ts";

export const fiscalEnvironmentLabels: Record<FiscalEnvironment, string> = {
  homologacao: "Homologação (testes, sem valor fiscal)",
  producao: "Produção",
};

export const taxRegimeLabels: Record<TaxRegime, string> = {
  simples: "Simples Nacional",
  simples_excesso: "Simples Nacional, excesso de sublimite da receita bruta",
  normal: "Regime normal",
};

export const issueModeLabels: Record<IssueMode, string> = {
  on_payment: "Automaticamente, ao confirmar o pagamento",
  manual: "Pelo botão “Emitir nota fiscal” no pedido",
};

/** Origem da mercadoria (tabela A do ICMS), 0 to 8. */
export const originLabels: readonly { code: number; label: string }[] = [
  { code: 0, label: "Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8" },
  { code: 1, label: "Estrangeira: importação direta, exceto a indicada no código 6" },
  { code: 2, label: "Estrangeira: adquirida no mercado interno, exceto a indicada no código 7" },
  { code: 3, label: "Nacional, com conteúdo de importação superior a 40% e inferior ou igual a 70%" },
  {
    code: 4,
    label: "Nacional, produzida conforme os processos produtivos básicos das leis e ajustes que os regulam",
  },
  { code: 5, label: "Nacional, com conteúdo de importação inferior ou igual a 40%" },
  { code: 6, label: "Estrangeira: importação direta, sem similar nacional, da lista da CAMEX, e gás natural" },
  {
    code: 7,
    label: "Estrangeira: adquirida no mercado interno, sem similar nacional, da lista da CAMEX, e gás natural",
  },
  { code: 8, label: "Nacional, com conteúdo de importação superior a 70%" },
];

/** The ICMS situations a shop's sale may take: CSOSN for the Simples Nacional, CST for the regime normal. */
export const taxSituationLabels: Record<string, string> = {
  "102": "Tributada pelo Simples Nacional sem permissão de crédito",
  "103": "Isenção do ICMS no Simples Nacional para faixa de receita bruta",
  "300": "Imune",
  "400": "Não tributada pelo Simples Nacional",
  "500": "ICMS cobrado anteriormente por substituição tributária ou por antecipação",
  "40": "Isenta",
  "41": "Não tributada",
  "50": "Suspensão",
  "60": "ICMS cobrado anteriormente por substituição tributária",
};
