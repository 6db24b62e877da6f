/**
 * The public forms' checks in the browser, with the messages of the shared zod schemas
 * (common/schemas/contact.ts, auth.ts, setup.ts) but without zod, which public pages do not load
 * (docs/decisions/0009-lean-public-pages.md). The server checks again with the schemas themselves;
 * form-checks.test.ts keeps the two saying the same.
 */

/** The form's fields as typed (a ticked checkbox is "on", an unticked one is absent). */
export type FormValues = Record<string, string>;

/** A field's first problem, or undefined when the value would pass its schema. */
export type FieldCheck = (value: string, values: FormValues) => string | undefined;

export type FormChecks = Record<string, FieldCheck>;

const REQUIRED = "Campo obrigatório";
const PASSWORD_MIN_LENGTH = 6;
const PASSWORD_MAX_LENGTH = 200;

/** zod's own e-mail pattern (z.email()), so the browser refuses what the server would. */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const tooLong = (max: number) => `No máximo ${max} caracteres`;

/** requiredText(max) of common/zod.ts. */
export const requiredText =
  (max: number): FieldCheck =>
  (value) => {
    const text = value.trim();
    if (text === "") return REQUIRED;
    return text.length > max ? tooLong(max) : undefined;
  };

/** emailField() of common/zod.ts. */
export const email: FieldCheck = (value) => {
  const text = value.trim();
  if (text === "") return REQUIRED;
  return EMAIL.test(text) ? undefined : "Informe um e-mail válido";
};

/** passwordField() of common/zod.ts. */
export const newPassword: FieldCheck = (value) => {
  if (value === "") return REQUIRED;
  if (value.length < PASSWORD_MIN_LENGTH) return `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`;
  return value.length > PASSWORD_MAX_LENGTH ? tooLong(PASSWORD_MAX_LENGTH) : undefined;
};

/** The sign-in password: only required, whatever rules it was made under (the field's maxLength bounds it). */
export const currentPassword: FieldCheck = (value) => (value === "" ? REQUIRED : undefined);

/** The confirmation of setupSchema: filled, and equal to the password. */
export const confirms =
  (field: string): FieldCheck =>
  (value, values) => {
    if (value === "") return REQUIRED;
    return value === values[field] ? undefined : "As senhas digitadas não conferem";
  };

export const contactChecks: FormChecks = { name: requiredText(120), email, message: requiredText(5000) };

export const loginChecks: FormChecks = { email, password: currentPassword };

export const setupChecks: FormChecks = {
  title: requiredText(120),
  admin_name: requiredText(120),
  email,
  password: newPassword,
  password_confirmation: confirms("password"),
};

/** Every field's problem, by name; empty when the form may be sent. */
export function problemsOf(checks: FormChecks, values: FormValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, check] of Object.entries(checks)) {
    const problem = check(values[name] ?? "", values);
    if (problem) problems[name] = problem;
  }
  return problems;
}
