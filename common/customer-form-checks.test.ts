import { describe, expect, it } from "vitest";
import { newPasswordChecks, registrationChecks, resetRequestChecks } from "./customer-form-checks.ts";
import { type FormChecks, type FormValues, problemsOf } from "./form-checks.ts";
import { registrationSchema } from "./schemas/customer.ts";
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

describe("the sign-up and reset forms' browser checks", () => {
  it("say what the schemas say, the CPF or CNPJ digits excepted", () => {
    const cases: FormValues[] = [
      valid,
      { ...valid, name: " ", email: "x" },
      { ...valid, phone: "98765-4321" },
      { ...valid, phone: "" },
      { ...valid, tax_id: "" },
      { ...valid, organization: "a".repeat(161) },
      { ...valid, password: "123", password_confirmation: "123" },
      { ...valid, password_confirmation: "outra" },
    ];
    for (const values of cases) {
      expect(problemsOf(registrationChecks, values), JSON.stringify(values)).toEqual(
        schemaProblems(registrationSchema, registrationChecks, values),
      );
    }
    // The digits are checked by the server alone (no CPF/CNPJ code in public pages).
    expect(problemsOf(registrationChecks, { ...valid, tax_id: "111.111.111-12" })).toEqual({});
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
