import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeReferenceFile } from "../../../common/reference-file.ts";
import { customersOfCsv } from "./wc-customer-csv.ts";

const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress", name), "utf8");

/** The DomainError a refused spreadsheet throws. */
const refused = (kind: string, message: unknown) => expect.objectContaining({ kind, message });

describe("customers from a spreadsheet", () => {
  it("a users export with the Brazilian checkout fields: CPF or CNPJ, phone, the delivery address", () => {
    expect(customersOfCsv(fixture("customers.csv")).customers).toEqual([
      {
        email: "maria.souza@exemplo.com.br",
        name: "Maria Souza",
        tax_id: "52998224725",
        phone: "11987654321",
        organization: "",
        address: {
          postal_code: "01310200",
          uf: "SP",
          city: "São Paulo",
          street: "Avenida Paulista",
          number: "1578",
          neighborhood: "Bela Vista",
          complement: "Apto 12",
        },
        notes: [],
      },
      {
        email: "joao.pereira@exemplo.com",
        name: "João Pereira",
        tax_id: "",
        phone: "81999990000",
        organization: "",
        address: {
          postal_code: "50050000",
          uf: "PE",
          city: "Recife",
          street: "Rua da Aurora",
          number: "325",
          neighborhood: "Boa Vista",
          complement: "",
        },
        notes: ["CPF 123.456.789-00 inválido: não importado."],
      },
      {
        email: "compras@coopxingu.org.br",
        name: "Ana Lima",
        tax_id: "11222333000181",
        phone: "6634781234",
        organization: "Cooperativa Mista Sementes do Xingu",
        address: {
          postal_code: "78640000",
          uf: "MT",
          city: "Canarana",
          street: "Rua Goiás",
          number: "512",
          neighborhood: "Centro",
          complement: "Galpão 2",
        },
        notes: [],
      },
      {
        email: "pierre.martin@exemple.fr",
        name: "Pierre Martin",
        tax_id: "",
        phone: "",
        organization: "",
        address: null,
        notes: [
          "Telefone +33 1 42 60 30 30 não é um número brasileiro com DDD: não importado.",
          "Endereço fora do Brasil (FR) não importado.",
        ],
      },
      {
        email: "bia.costa@exemplo.com",
        name: "Beatriz Costa",
        tax_id: "",
        phone: "71988887777",
        organization: "",
        address: null,
        notes: [],
      },
    ]);
  });

  it("skips rows without a valid e-mail and any later row repeating an e-mail, by their line", () => {
    expect(customersOfCsv(fixture("customers.csv")).skipped).toEqual([
      { row: 4, email: "", reason: "Sem e-mail." },
      { row: 6, email: "maria.souza@exemplo.com.br", reason: "E-mail repetido: a linha 2 já o tem." },
      { row: 8, email: "carlos#exemplo.com", reason: "E-mail inválido." },
    ]);
  });

  it("WooCommerce's Analytics download (Portuguese columns): name and e-mail, no address", () => {
    expect(customersOfCsv(fixture("clientes-analytics.csv"))).toEqual({
      customers: [
        {
          email: "maria.souza@exemplo.com.br",
          name: "Maria Souza",
          tax_id: "",
          phone: "",
          organization: "",
          address: null,
          notes: [],
        },
        {
          email: "visitante@exemplo.com",
          name: "visitante",
          tax_id: "",
          phone: "",
          organization: "",
          address: null,
          notes: [],
        },
        {
          email: "jose.antonio@exemplo.pt",
          name: "José Antônio",
          tax_id: "",
          phone: "",
          organization: "",
          address: null,
          notes: [],
        },
      ],
      skipped: [],
    });
  });

  it("the Analytics export e-mailed in English", () => {
    const csv = [
      "Name,Username,Last Active,Sign Up,Email,Orders,Total Spend,AOV,Country / Region,City,Region,Postal Code",
      '"Ana Lima",ana,"2026-11-20 10:12:00","2024-03-05 18:40:11",ana@exemplo.org,3,90,30,BR,Canarana,MT,78640-000',
    ].join("\n");
    expect(customersOfCsv(csv).customers.map((customer) => [customer.email, customer.name])).toEqual([
      ["ana@exemplo.org", "Ana Lima"],
    ]);
  });

  it("a users export saved again by Excel: semicolons, Windows-1252, zeros dropped from CPF and CEP, the number in the street", () => {
    const csv = [
      "user_email;billing_first_name;billing_last_name;billing_cpf;billing_address_1;billing_city;billing_state;billing_postcode;billing_country",
      "rosa@exemplo.com;Rosa;Araújo;1234567890;Rua Augusta, 1200;São Paulo;SP;1305100;BR",
      "lia@exemplo.com;Lia;Reis;;Rua da Bahia, 10;Recife;SP;1305100;",
      "ivo@exemplo.com;Ivo;Melo;;Avenida Brasil;Rio de Janeiro;RJ;20040-002;BR",
    ].join("\r\n");
    const bytes = Uint8Array.from(csv, (character) =>
      character === "ú" ? 0xfa : character === "ã" ? 0xe3 : character.charCodeAt(0),
    );
    const { customers } = customersOfCsv(decodeReferenceFile(bytes.buffer));
    expect(customers.map((customer) => [customer.name, customer.tax_id, customer.address, customer.notes])).toEqual([
      [
        "Rosa Araújo",
        "01234567890",
        {
          postal_code: "01305100",
          uf: "SP",
          city: "São Paulo",
          street: "Rua Augusta",
          number: "1200",
          neighborhood: "",
          complement: "",
        },
        [],
      ],
      ["Lia Reis", "", null, ["Endereço não importado (cidade: Escolha uma cidade do estado selecionado)."]],
      ["Ivo Melo", "", null, ["Endereço não importado (número: Campo obrigatório)."]],
    ]);
  });

  it("refuses a file without an e-mail column, naming the columns it looks for", () => {
    const notCustomers = refused(
      "invalid",
      "Este arquivo não é uma planilha de clientes (falta a coluna de e-mail: Email/E-mail, user_email ou billing_email).",
    );
    expect(() => customersOfCsv(fixture("products.csv"))).toThrow(notCustomers);
    expect(() => customersOfCsv("")).toThrow(notCustomers);
  });

  it("refuses more rows than an upload may hold", () => {
    const rows = Array.from({ length: 50_001 }, (_, index) => `cliente${index}@exemplo.com`);
    expect(() => customersOfCsv(["user_email", ...rows].join("\n"))).toThrow(
      refused("too_large", "A planilha de clientes passa de 50.000 linhas."),
    );
  });
});
