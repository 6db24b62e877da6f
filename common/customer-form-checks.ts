import { normalizePhone, PHONE_MESSAGE } from "./brazil/phone.ts";
import { confirms, email, type FieldCheck, type FormChecks, newPassword, requiredText } from "./form-checks.ts";

/*
 * The sign-up and password-reset forms' checks in the browser, with the messages of
 * common/schemas/customer.ts and password-reset.ts but without zod (public pages do not load it).
 * The CPF or CNPJ's check digits are left to the server, where the schema checks them.
 */

const phone: FieldCheck = (value) => {
  if (value.trim() === "") return "Campo obrigatório";
  return normalizePhone(value) === null ? PHONE_MESSAGE : undefined;
};

const optionalText =
  (max: number): FieldCheck =>
  (value) =>
    value.trim().length > max ? `No máximo ${max} caracteres` : undefined;

export const registrationChecks: FormChecks = {
  name: requiredText(120),
  email,
  tax_id: requiredText(30),
  phone,
  organization: optionalText(160),
  password: newPassword,
  password_confirmation: confirms("password"),
};

export const resetRequestChecks: FormChecks = { email };

export const newPasswordChecks: FormChecks = { password: newPassword, password_confirmation: confirms("password") };
