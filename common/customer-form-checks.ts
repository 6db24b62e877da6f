import { phoneProblem } from "./brazil/phone.ts";
import { normalizeTaxId, TAX_ID_MESSAGE } from "./brazil/tax-id.ts";
import { confirms, email, type FieldCheck, type FormChecks, newPassword, requiredText } from "./form-checks.ts";

/*
 * The sign-up, checkout and password-reset forms' checks in the browser, with the messages of
 * common/schemas/customer.ts, orders.ts and password-reset.ts but without zod (public pages do not load it).
 */

const REQUIRED = "Campo obrigatório";

const phone: FieldCheck = (value) => (value.trim() === "" ? REQUIRED : (phoneProblem(value) ?? undefined));

/** taxIdField() of common/schemas/tax-id.ts: the CPF's or CNPJ's check digits, as the server checks them. */
const taxId: FieldCheck = (value) => {
  if (value.trim() === "") return REQUIRED;
  if (value.trim().length > 30) return TAX_ID_MESSAGE;
  return normalizeTaxId(value) === null ? TAX_ID_MESSAGE : undefined;
};

const optionalText =
  (max: number): FieldCheck =>
  (value) =>
    value.trim().length > max ? `No máximo ${max} caracteres` : undefined;

/** customerFields of common/schemas/customer.ts. */
const customerChecks: FormChecks = { tax_id: taxId, phone, organization: optionalText(160) };

export const registrationChecks: FormChecks = {
  name: requiredText(120),
  email,
  ...customerChecks,
  password: newPassword,
  password_confirmation: confirms("password"),
};

/** The checkout's buyer details (checkoutSchema of common/schemas/orders.ts). */
export const buyerChecks: FormChecks = { name: requiredText(200), ...customerChecks };

export const resetRequestChecks: FormChecks = { email };

export const newPasswordChecks: FormChecks = { password: newPassword, password_confirmation: confirms("password") };
