import { describe, expect, it } from "vitest";
import { buyerChecks, newPasswordChecks, registrationChecks, resetRequestChecks } from "./customer-form-checks.ts";
import { type FormChecks, type FormValues, problemsOf } from "./form-checks.ts";
import { registrationSchema } from "./schemas/customer.ts";
import { checkoutSchema } from "./schemas/orders.ts";
import { passwordResetRequestSchema, passwordResetSchema } from "./schemas/password-reset.ts";
import { fieldErrors, type z } from "./zod.ts";

function schemaProblems(schema: z.ZodType, checks: FormChecks, values: FormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const [field, texts] of Object.entries(fieldErrors(result.error))) {
    const first = texts[0];
    if (field in checks && first) problems[field] = first;
  }
  return problems;
}

const valid = {
  name: "Joana",
  email: "joana@example.com",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
  organization: "",
  password: "segredo123",
  password_confirmation: "segredo123",
};

describe("the sign-up, checkout and reset forms' browser checks", () => {
  it("say what the schemas say, the CPF or CNPJ check digits and the kind of phone included", () => {
    const cases: FormValues[] = [
      valid,
      { ...valid, name: " ", email: "x" },
      { ...valid, phone: "98765-4321" },
      { ...valid, phone: "(11) 9876-5432" },
      { ...valid, phone: "(11) 7876-5432" },
      { ...valid, phone: "(11) 88765-4321" },
      { ...valid, phone: "(01) 3333-4444" },
      { ...valid, phone: "+55 11 3333-4444" },
      { ...valid, phone: "" },
      { ...valid, tax_id: "" },
      { ...valid, tax_id: "111.111.111-12" },
      { ...valid, tax_id: "11.222.333/0001-82" },
      { ...valid, tax_id: "12.ABC.345/01DE-35" },
      { ...valid, tax_id: "1".repeat(31) },
      { ...valid, organization: "a".repeat(161) },
      { ...valid, password: "123", password_confirmation: "123" },
      { ...valid, password_confirmation: "outra" },
      // Every problem at once, the unequal passwords too.
      { ...valid, tax_id: "111.111.111-11", phone: "(11) 9876-5432", password_confirmation: "outra" },
    ];
    for (const values of cases) {
      expect(problemsOf(registrationChecks, values), JSON.stringify(values)).toEqual(
        schemaProblems(registrationSchema, registrationChecks, values),
      );
      const buyer = { ...values, name: values.name ?? "", shipping: "pac", idempotency_key: crypto.randomUUID() };
      expect(problemsOf(buyerChecks, buyer), JSON.stringify(values)).toEqual(
        schemaProblems(checkoutSchema, buyerChecks, buyer),
      );
    }
  });

  it("tell a 10-digit number starting with 9 that a landline never does, and how a mobile is written", () => {
    expect(problemsOf(registrationChecks, { ...valid, phone: "(11) 9876-5432" }).phone).toBe(
      "Telefone fixo tem 10 dígitos e não começa com 9 depois do DDD; celular tem 11, com o 9 na frente: (11) 99876-5432",
    );
  });

  it("check the reset request and the new password alike", () => {
    for (const email of ["", "joana@example.com", "x@"]) {
      expect(problemsOf(resetRequestChecks, { email })).toEqual(
        schemaProblems(passwordResetRequestSchema, resetRequestChecks, { email }),
      );
    }
    for (const [password, password_confirmation] of [
      ["segredo123", "segredo123"],
      ["123", "123"],
      ["segredo123", "outra123"],
    ]) {
      const values = { token: "abc", password: password ?? "", password_confirmation: password_confirmation ?? "" };
      expect(problemsOf(newPasswordChecks, values)).toEqual(
        schemaProblems(passwordResetSchema, newPasswordChecks, values),
      );
    }
  });
});
