import { ufOfCep } from "../../../common/brazil/cep.ts";
import { normalizePhone } from "../../../common/brazil/phone.ts";
import { normalizeTaxId } from "../../../common/brazil/tax-id.ts";
import { invalid } from "../../../common/errors.ts";
import { addressSchema } from "../../../common/schemas/orders.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import { emailField } from "../../../common/zod.ts";
import { columnOf, type SpreadsheetRow } from "../../kernel/spreadsheet-read.ts";
import { spreadsheetRows } from "./wc-product-csv.ts";

/**
 * Customers from a spreadsheet, as accounts without a password (customers-service's importAccount).
 * Two kinds are read, with English or Portuguese headers, comma- or semicolon-separated:
 * - a users export with the customers' meta, as plugins such as "Import Export WordPress Users and
 *   WooCommerce Customers" or "Export Customers" write it: user_email, first_name, last_name,
 *   display_name, user_login and WooCommerce's billing_* and shipping_* fields (first_name, last_name,
 *   company, email, phone, address_1, address_2, city, state, postcode, country; WooCommerce's
 *   WC_Customer), with the fields of "Brazilian Market on WooCommerce" (formerly "WooCommerce Extra
 *   Checkout Fields for Brazil", includes/admin/class-extra-checkout-fields-for-brazil-customer.php):
 *   billing_persontype (1 person, 2 company), billing_cpf, billing_cnpj, billing_number,
 *   billing_neighborhood, billing_cellphone, shipping_number, shipping_neighborhood;
 * - WooCommerce's Analytics → Customers download (the table's columns, client/analytics/report/customers:
 *   Name, Username, Last active, Date registered, Email, Orders, Total spend, AOV, Country / Region,
 *   City, Region, Postal code; the e-mailed export of a long report writes Last Active, Sign Up, Total
 *   Spend and Postal Code; in Portuguese Nome, Nome de usuário, Ativo pela última vez, Data de cadastro,
 *   E-mail, Pedidos, Total gasto, Valor médio por pedido, País, Cidade, Região, Código postal/CEP). It
 *   has no street, so its customers come without an address.
 * The address kept is the shipping one when the row has it, else the billing one, checked by the
 * checkout's own rules (addressSchema); an address outside Brazil or that those rules refuse is left
 * out and said in the customer's notes, as are a CPF/CNPJ whose check digits fail and a phone that is
 * not a Brazilian number.
 */

export type ImportedCustomer = {
  /** Lower case, checked as the account forms check it. */
  email: string;
  name: string;
  /** The CPF's 11 or the CNPJ's 14 characters, when valid; else empty. */
  tax_id: string;
  /** 10 or 11 digits with the DDD; else empty. */
  phone: string;
  organization: string;
  /** A delivery address as the checkout saves it (customer_addresses); null when none could be kept. */
  address: OrderAddress | null;
  /** What was left out of the row, and why, for the report. */
  notes: string[];
};

export type SkippedCustomer = { row: number; email: string; reason: string };

const column = {
  userEmail: ["user_email"],
  billingEmail: ["billing_email"],
  email: ["Email", "E-mail"],
  firstName: ["first_name"],
  lastName: ["last_name"],
  billingFirstName: ["billing_first_name"],
  billingLastName: ["billing_last_name"],
  displayName: ["display_name"],
  name: ["Name", "Nome"],
  username: ["user_login", "Username", "Nome de usuário"],
  company: ["billing_company"],
  personType: ["billing_persontype"],
  cpf: ["billing_cpf"],
  cnpj: ["billing_cnpj"],
  cellphone: ["billing_cellphone"],
  phone: ["billing_phone"],
};
type Column = keyof typeof column;

/** An address's columns, for the billing_ and the shipping_ prefix. */
const ADDRESS_FIELDS = ["address_1", "number", "address_2", "neighborhood", "city", "state", "postcode", "country"];

const FIELD_LABELS: Record<string, string> = {
  postal_code: "CEP",
  uf: "estado",
  city: "cidade",
  street: "rua",
  number: "número",
  neighborhood: "bairro",
  complement: "complemento",
};

const email = emailField();

/** A CPF or CNPJ column as typed, its leading zeros given back when a spreadsheet dropped them. */
function taxIdOf(typed: string, length: number): string | null {
  const digits = /^\d+$/.test(typed) && typed.length < length ? typed.padStart(length, "0") : typed;
  return normalizeTaxId(digits);
}

/** "Rua das Flores, 120" as street and number, for a row without a number column. */
function splitNumber(street: string): { street: string; number: string } {
  const match = /^(.*\S)\s*,\s*(\d+[A-Za-z]?|s\/?n)$/i.exec(street);
  return match ? { street: match[1] ?? street, number: match[2] ?? "" } : { street, number: "" };
}

/** The spreadsheet's address columns, by prefix ("billing", "shipping") and field ("address_1"…). */
const addressColumns = (keys: readonly string[], prefix: string) =>
  ADDRESS_FIELDS.map((field) => [field, columnOf(keys, `${prefix}_${field}`)] as const);

type AddressColumns = ReturnType<typeof addressColumns>;

function addressOf(
  row: SpreadsheetRow,
  columns: { billing: AddressColumns; shipping: AddressColumns },
  notes: string[],
): OrderAddress | null {
  const fieldsOf = (prefix: AddressColumns) =>
    Object.fromEntries(prefix.map(([field, key]) => [field, key ? row.get(key) : ""]));
  const shipping = fieldsOf(columns.shipping);
  const fields = shipping.address_1 && shipping.postcode ? shipping : fieldsOf(columns.billing);
  const typedStreet = fields.address_1 ?? "";
  if (!typedStreet && !fields.postcode) return null;
  const country = (fields.country ?? "").toUpperCase();
  if (country && country !== "BR") {
    notes.push(`Endereço fora do Brasil (${country}) não importado.`);
    return null;
  }
  const typedCep = fields.postcode ?? "";
  const cep = /^\d{7}$/.test(typedCep) ? `0${typedCep}` : typedCep;
  const { street, number } = fields.number ? { street: typedStreet, number: fields.number } : splitNumber(typedStreet);
  const parsed = addressSchema.safeParse({
    postal_code: cep,
    uf: fields.state || (ufOfCep(cep) ?? ""),
    city: fields.city ?? "",
    street,
    number,
    neighborhood: fields.neighborhood ?? "",
    complement: fields.address_2 ?? "",
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = FIELD_LABELS[String(issue?.path[0])] ?? "endereço";
  notes.push(`Endereço não importado (${field}: ${issue?.message ?? "inválido"}).`);
  return null;
}

/**
 * Every customer of the spreadsheet, in its order; rows without a valid e-mail, and any row repeating
 * an e-mail already read, are skipped with the reason (`row` is the spreadsheet's line, the header
 * being line 1).
 */
export function customersOfCsv(text: string): { customers: ImportedCustomer[]; skipped: SkippedCustomer[] } {
  const rows = spreadsheetRows(text, "planilha de clientes");
  const keys = rows[0]?.keys ?? [];
  const found = Object.fromEntries(Object.entries(column).map(([name, headers]) => [name, columnOf(keys, ...headers)]));
  if (rows.length === 0 || (!found.userEmail && !found.billingEmail && !found.email)) {
    throw invalid(
      "Este arquivo não é uma planilha de clientes (falta a coluna de e-mail: Email/E-mail, user_email ou billing_email).",
    );
  }
  const addresses = { billing: addressColumns(keys, "billing"), shipping: addressColumns(keys, "shipping") };
  const customers: ImportedCustomer[] = [];
  const skipped: SkippedCustomer[] = [];
  const lineOf = new Map<string, number>();
  for (const row of rows) {
    const cell = (name: Column) => {
      const key = found[name];
      return key ? row.get(key) : "";
    };
    const typed = cell("userEmail") || cell("billingEmail") || cell("email");
    const parsed = email.safeParse(typed);
    if (!parsed.success) {
      skipped.push({ row: row.line, email: typed, reason: typed ? "E-mail inválido." : "Sem e-mail." });
      continue;
    }
    const first = lineOf.get(parsed.data);
    if (first !== undefined) {
      skipped.push({ row: row.line, email: parsed.data, reason: `E-mail repetido: a linha ${first} já o tem.` });
      continue;
    }
    lineOf.set(parsed.data, row.line);
    const notes: string[] = [];
    const joined = (a: Column, b: Column) => [cell(a), cell(b)].filter(Boolean).join(" ");
    const name =
      joined("billingFirstName", "billingLastName") ||
      joined("firstName", "lastName") ||
      cell("displayName") ||
      cell("name") ||
      cell("username") ||
      parsed.data.split("@")[0] ||
      parsed.data;

    const company = /^(2|pessoa jur)/i.test(cell("personType"));
    const taxIds = [
      { label: "CPF", typed: cell("cpf"), length: 11 },
      { label: "CNPJ", typed: cell("cnpj"), length: 14 },
    ];
    let taxId = "";
    for (const { label, typed: number, length } of company ? [...taxIds].reverse() : taxIds) {
      if (!number || taxId) continue;
      const valid = taxIdOf(number, length);
      if (valid) taxId = valid;
      else notes.push(`${label} ${number} inválido: não importado.`);
    }
    let phone = "";
    for (const number of [cell("cellphone"), cell("phone")]) {
      if (!number || phone) continue;
      const valid = normalizePhone(number);
      if (valid) phone = valid;
      else notes.push(`Telefone ${number} não é um número brasileiro com DDD: não importado.`);
    }
    customers.push({
      email: parsed.data,
      name: name.slice(0, 120).trim(),
      tax_id: taxId,
      phone,
      organization: cell("company").slice(0, 160).trim(),
      address: addressOf(row, addresses, notes),
      notes,
    });
  }
  return { customers, skipped };
}
