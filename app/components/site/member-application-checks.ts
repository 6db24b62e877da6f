import { normalizePhone, PHONE_MESSAGE, phoneProblem } from "../../../common/brazil/phone.ts";
import { isStateCode, STATE_PLACEHOLDER } from "../../../common/brazil/states.ts";
import { normalizeTaxId } from "../../../common/brazil/tax-id.ts";
import { email, type FieldCheck, type FormChecks, requiredText } from "../../../common/form-checks.ts";

/*
 * "Associe-se"'s checks in the browser, with the messages of memberApplicationSchema
 * (common/schemas/members.ts) but without zod, which public pages do not load
 * (docs/decisions/0009-lean-public-pages.md). What only the server can tell stays with it: whether the CEP
 * exists and is of the state, and whether the city is one of the state's. tests/app/member-application-checks.test.ts
 * keeps the two saying the same.
 */

const REQUIRED = "Campo obrigatório";
export const CONSENT_MISSING = "Para se associar, aceite o tratamento dos seus dados";

/** Filled in: whether it is a CEP, and of the state chosen, the server says. */
const filled: FieldCheck = (value) => (value.trim() === "" ? REQUIRED : undefined);

const optionalText =
  (max: number): FieldCheck =>
  (value) =>
    value.trim().length > max ? `No máximo ${max} caracteres` : undefined;

const kind: FieldCheck = (value) =>
  value === "pessoa" || value === "organizacao" ? undefined : "Escolha pessoa ou organização";

/** A person's CPF (11 characters) or an organisation's CNPJ (14), by the kind chosen. */
const taxId: FieldCheck = (value, values) => {
  const text = value.trim();
  if (text === "") return REQUIRED;
  if (text.length > 30) return "Informe um CPF ou CNPJ válido";
  const organisation = values.kind === "organizacao";
  const bare = normalizeTaxId(text);
  if (bare !== null && bare.length === (organisation ? 14 : 11)) return undefined;
  return organisation ? "Informe um CNPJ válido" : "Informe um CPF válido";
};

const phone: FieldCheck = (value) => {
  const text = value.trim();
  if (text === "") return REQUIRED;
  if (text.length > 30) return PHONE_MESSAGE;
  return normalizePhone(text) === null ? (phoneProblem(text) ?? PHONE_MESSAGE) : undefined;
};

const state: FieldCheck = (value) => (isStateCode(value.trim().toUpperCase()) ? undefined : STATE_PLACEHOLDER);

const plan: FieldCheck = (value) => (/^\s*[1-9]\d*\s*$/.test(value) ? undefined : "Escolha um plano");

/** A ticked box posts "on"; an unticked one posts nothing. */
const consent: FieldCheck = (value) => (value === "on" ? undefined : CONSENT_MISSING);

export const memberApplicationChecks: FormChecks = {
  kind,
  name: requiredText(160),
  tax_id: taxId,
  email,
  phone,
  "address.postal_code": filled,
  "address.uf": state,
  "address.city": requiredText(120),
  "address.street": requiredText(200),
  "address.number": requiredText(20),
  "address.neighborhood": optionalText(120),
  "address.complement": optionalText(120),
  plan_id: plan,
  consent,
};
