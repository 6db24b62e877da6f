import { describe, expect, it } from "vitest";
import { rejectionFix, rejectionFixLinks } from "./fiscal-rejections.ts";

const order = {
  id: 7,
  items: [
    { product_id: 3, name: "Café de Triunfo" },
    { product_id: 5, name: "Mel de Itamaracá" },
    { product_id: 3, name: "Café de Triunfo" },
  ],
};

describe("a rejection's field to fix", () => {
  it.each([
    ["213", "Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital", "CNPJ da loja", "settings"],
    ["209", "Rejeição: IE do emitente inválida", "Inscrição estadual da loja", "settings"],
    ["231", "Rejeição: IE do emitente não vinculada ao CNPJ", "Inscrição estadual da loja", "settings"],
    ["237", "Rejeição: CPF do destinatário inválido", "CPF/CNPJ do cliente", "order"],
    ["208", "Rejeição: CNPJ do destinatário inválido", "CPF/CNPJ do cliente", "order"],
    ["233", "Rejeição: IE do destinatário não cadastrada", "Inscrição estadual do cliente", "order"],
    [
      "275",
      "Rejeição: Código Município do Destinatário: difere da UF do Destinatário",
      "Cidade do endereço do cliente",
      "order",
    ],
    ["778", "Rejeição: Informado NCM inexistente [nItem:2]", "NCM do produto", "product"],
    ["611", "Rejeição: cEAN inválido", "GTIN/EAN do produto", "product"],
    [
      "590",
      "Rejeição: Informado CST para emissor do Simples Nacional (CRT=1)",
      "Regime tributário e CSOSN/CST",
      "settings",
    ],
    [
      "598",
      "Rejeição: NF-e emitida em ambiente de homologação com Razão Social do destinatário diferente",
      "Ambiente (homologação ou produção)",
      "settings",
    ],
    ["539", "Duplicidade de NF-e com diferença na Chave de Acesso", "Série da NF-e", "settings"],
  ])("%s names %s", (status, message, field, place) => {
    expect(rejectionFix(status, message)).toMatchObject({ field, place });
  });

  it("reads the code from the message when SEFAZ's status is missing", () => {
    expect(rejectionFix(null, "237 - Rejeição: CPF do destinatário inválido")?.field).toBe("CPF/CNPJ do cliente");
    expect(rejectionFix("", "Rejeição 778: Informado NCM inexistente")?.field).toBe("NCM do produto");
  });

  it("names no field for a code without one the owner can fix, a denial, or no code at all", () => {
    expect(rejectionFix("225", "Rejeição: Falha no Schema XML do lote de NFe")).toBeNull();
    expect(rejectionFix("302", "Uso Denegado: Irregularidade fiscal do destinatário")).toBeNull();
    expect(rejectionFix(null, "A Focus NFe recusou a nota.")).toBeNull();
    expect(rejectionFix(null, null)).toBeNull();
  });

  it("keeps the line SEFAZ named", () => {
    expect(rejectionFix("778", "Rejeição: Informado NCM inexistente [nItem:2]")?.item).toBe(2);
    expect(rejectionFix("778", "Rejeição: Informado NCM inexistente")?.item).toBeNull();
  });
});

describe("where a rejected field is fixed", () => {
  it("links the fiscal settings, or the order's address and CPF/CNPJ form", () => {
    const settings = rejectionFix("213", null);
    const buyer = rejectionFix("237", null);
    if (!settings || !buyer) throw new Error("expected both codes mapped");
    expect(rejectionFixLinks(settings, order)).toEqual([{ label: "Configurações fiscais", path: "/conta/fiscal" }]);
    expect(rejectionFixLinks(buyer, order)).toEqual([
      { label: "Endereço e CPF/CNPJ do pedido", path: "/conta/pedidos/7#endereco" },
    ]);
  });

  it("links the product of the line SEFAZ named, or each product of the order once", () => {
    const named = rejectionFix("778", "Rejeição: Informado NCM inexistente [nItem:2]");
    const unnamed = rejectionFix("778", "Rejeição: Informado NCM inexistente");
    const past = rejectionFix("778", "Rejeição: Informado NCM inexistente [nItem:9]");
    if (!named || !unnamed || !past) throw new Error("expected 778 mapped");
    expect(rejectionFixLinks(named, order)).toEqual([
      { label: "Dados fiscais de Mel de Itamaracá", path: "/conta/produtos/5/edit" },
    ]);
    const every = [
      { label: "Dados fiscais de Café de Triunfo", path: "/conta/produtos/3/edit" },
      { label: "Dados fiscais de Mel de Itamaracá", path: "/conta/produtos/5/edit" },
    ];
    expect(rejectionFixLinks(unnamed, order)).toEqual(every);
    expect(rejectionFixLinks(past, order)).toEqual(every);
  });
});
