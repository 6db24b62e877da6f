import { describe, expect, it } from "vitest";
import { fieldErrors, type z } from "../zod.ts";
import { registrationSchema } from "./customer.ts";
import { passwordResetSchema } from "./password-reset.ts";
import { PASSWORD_MISMATCH, setupSchema } from "./setup.ts";
import { CURRENT_PASSWORD_REQUIRED, profileSchema } from "./user.ts";

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
};

// A form sent without JavaScript learns every field's problem in one answer: the passwords' comparison is
// not left for the round trip after the other fields are fixed.
describe("unequal passwords are told with the other fields' problems", () => {
  it("in the first-time setup", () => {
    const errors = errorsOf(setupSchema, {
      title: "",
      admin_name: "Ana",
      email: "ana@",
      password: "segredo-1",
      password_confirmation: "segredo-2",
    });
    expect(errors).toMatchObject({ title: expect.any(Array), email: expect.any(Array) });
    expect(errors.password_confirmation).toEqual([PASSWORD_MISMATCH]);
  });

  it("in a password reset", () => {
    const errors = errorsOf(passwordResetSchema, { token: "", password: "segredo-1", password_confirmation: "x" });
    expect(errors.token).toEqual(["Link inválido"]);
    expect(errors.password_confirmation).toEqual([PASSWORD_MISMATCH]);
  });

  it("in a sign-up", () => {
    const errors = errorsOf(registrationSchema, {
      name: "Ana",
      email: "ana@example.com",
      password: "segredo-1",
      password_confirmation: "segredo-2",
      tax_id: "111",
      phone: "(11) 98765-4321",
    });
    expect(errors.tax_id).toHaveLength(1);
    expect(errors.password_confirmation).toEqual([PASSWORD_MISMATCH]);
  });

  it("in one's own data, with the current password that a new one needs", () => {
    const errors = errorsOf(profileSchema, { name: "", email: "ana@example.com", password: "curta" });
    expect(errors.name).toEqual(["Campo obrigatório"]);
    expect(errors.password).toEqual(["A senha deve ter pelo menos 6 caracteres"]);
    expect(errors.password_confirmation).toEqual([PASSWORD_MISMATCH]);
    expect(errors.current_password).toEqual([CURRENT_PASSWORD_REQUIRED]);
  });

  it("but not when no new password is typed, nor a confirmation left empty in a setup", () => {
    expect(errorsOf(profileSchema, { name: "Ana", email: "ana@example.com" })).toEqual({});
    const errors = errorsOf(setupSchema, { title: "T", admin_name: "A", email: "a@b.co", password: "segredo-1" });
    expect(errors).toEqual({ password_confirmation: ["Campo obrigatório"] });
  });
});
