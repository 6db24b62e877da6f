import { normalizeCep } from "../../../common/brazil/cep.ts";
import { normalizePhone } from "../../../common/brazil/phone.ts";
import { isStateCode } from "../../../common/brazil/states.ts";
import { normalizeTaxId } from "../../../common/brazil/tax-id.ts";
import { invalid } from "../../../common/errors.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import { emailField } from "../../../common/zod.ts";
import { columnOf, readSpreadsheet, type SpreadsheetRow } from "./spreadsheet.ts";

/**
 * Customers from a spreadsheet, as accounts without a password. Two kinds are read, with English or
 * Portuguese headers:
 * - a users export with WooCommerce's customer fields (plugins such as "Import Export WordPress Users"
 *   write user_email, first_name, last_name and the billing_* meta), and the Brazilian checkout fields
 *   of "Brazilian Market on WooCommerce" (billing_cpf, billing_cnpj, billing_persontype, billing_number,
 *   billing_neighborhood, billing_cellphone);
 * - WooCommerce's Customers report (Clientes → Baixar: Name/Nome, Email/E-mail, City/Cidade,
 *   Region/Região, Postal code/CEP), which has no street: those customers come without an address.
 */

export type ImportedCustomer = {
  email: string;
  name: string;
  tax_id: string;
  phone: string;
  organization: string;
  address: OrderAddress | null;
  /** What was left out of the row, for the report. */
  notes: string[];
};

export type SkippedCustomer = { row: number; email: string; reason: string };

const NOT_CUSTOMERS =
  "Este arquivo não é uma planilha de clientes: falta uma coluna de e-mail (user_email, billing_email, Email ou E-mail).";

const column = {
  email: ["user_email", "billing_email", "Email", "E-mail", "Endereço de e-mail"],
  name: ["Name", "Nome", "display_name", "Nome completo"],
  firstName: ["billing_first_name", "first_name", "Primeiro nome", "First name"],
  lastName: ["billing_last_name", "last_name", "Sobrenome", "Last name"],
  company: ["billing_company", "Empresa", "Company"],
  cpf: ["billing_cpf", "CPF"],
  cnpj: ["billing_cnpj", "CNPJ"],
  phone: ["billing_cellphone", "billing_phone", "Telefone", "Phone", "Celular"],
  street: ["billing_address_1", "Endereço", "Address"],
  number: ["billing_number", "Número"],
  complement: ["billing_address_2", "Complemento"],
  district: ["billing_neighborhood", "Bairro"],
  city: ["billing_city", "City", "Cidade"],
  state: ["billing_state", "Region", "Região", "Estado", "State"],
  postcode: ["billing_postcode", "Postal code", "CEP"],
  country: ["billing_country", "Country / Region", "País / Região", "Country", "País"],
};

const email = emailField();

export function customersOfCsv(text: string): { customers: ImportedCustomer[]; skipped: SkippedCustomer[] } {
  const rows = readSpreadsheet(text, "planilha de clientes");
  const keys = rows[0]?.keys ?? [];
  const col = Object.fromEntries(
    Object.entries(column).map(([name, headers]) => [name, columnOf(keys, ...headers)]),
  ) as Record<keyof typeof column, string | null>;
  if (!col.email) throw invalid(NOT_CUSTOMERS);
  const get = (row: SpreadsheetRow, name: keyof typeof column) => {
    const key = col[name];
    return key ? row.get(key) : "";
  };

  const customers: ImportedCustomer[] = [];
  const skipped: SkippedCustomer[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const typed = get(row, "email");
    const parsed = email.safeParse(typed);
    if (!parsed.success) {
      skipped.push({ row: row.line, email: typed, reason: typed ? "E-mail inválido." : "Sem e-mail." });
      continue;
    }
    if (seen.has(parsed.data)) {
      skipped.push({
        row: row.line,
        email: parsed.data,
        reason: "E-mail repetido na planilha: vale a primeira linha.",
      });
      continue;
    }
    seen.add(parsed.data);
    const notes: string[] = [];
    const name =
      [get(row, "firstName"), get(row, "lastName")].filter(Boolean).join(" ") ||
      get(row, "name") ||
      parsed.data.split("@")[0] ||
      "Cliente";
    const typedTaxId = get(row, "cnpj") || get(row, "cpf");
    const taxId = typedTaxId ? normalizeTaxId(typedTaxId) : "";
    if (taxId === null) notes.push(`CPF/CNPJ inválido (${typedTaxId}) não importado.`);
    const typedPhone = get(row, "phone");
    const phone = typedPhone ? normalizePhone(typedPhone) : "";
    if (phone === null) notes.push(`Telefone inválido (${typedPhone}) não importado.`);
    customers.push({
      email: parsed.data,
      name: name.slice(0, 120),
      tax_id: taxId ?? "",
      phone: phone ?? "",
      organization: get(row, "company").slice(0, 200),
      address: addressOf(row, get, notes),
      notes,
    });
  }
  return { customers, skipped };
}

function addressOf(
  row: SpreadsheetRow,
  get: (row: SpreadsheetRow, name: keyof typeof column) => string,
  notes: string[],
): OrderAddress | null {
  const country = get(row, "country").toUpperCase();
  const street = get(row, "street");
  if (!street) return null;
  if (country && country !== "BR" && country !== "BRASIL" && country !== "BRAZIL") {
    notes.push("Endereço fora do Brasil não importado.");
    return null;
  }
  const cep = normalizeCep(get(row, "postcode"));
  const uf = get(row, "state").toUpperCase();
  const city = get(row, "city");
  if (!cep || !isStateCode(uf) || !city) {
    notes.push("Endereço sem CEP, estado ou cidade válidos não importado.");
    return null;
  }
  return {
    postal_code: cep,
    uf,
    city: city.slice(0, 100),
    street: street.slice(0, 200),
    number: get(row, "number").slice(0, 20),
    neighborhood: get(row, "district").slice(0, 100),
    complement: get(row, "complement").slice(0, 100),
  };
}
