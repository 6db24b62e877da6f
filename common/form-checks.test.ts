import { describe, expect, it } from "vitest";
import {
  contactChecks,
  type FormChecks,
  type FormValues,
  loginChecks,
  problemsOf,
  setupChecks,
} from "./form-checks.ts";
import { loginSchema } from "./schemas/auth.ts";
import { contactSchema } from "./schemas/contact.ts";
import { setupSchema } from "./schemas/setup.ts";
import { fieldErrors, type z } from "./zod.ts";

/** The schema's first message per field the browser checks, as the form would show it. */
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

const emails = [
  "",
  "   ",
  "joana@example.com",
  " Joana@Example.COM ",
  "nao-e-um-email",
  "joana@example",
  "joana@example.c",
  "joana@exa_mple.com",
  ".joana@example.com",
  "jo..ana@example.com",
  "joana.@example.com",
  "jo'ana+news@example.com.br",
  "joão@example.com",
  "joana@@example.com",
];

describe("the public forms' browser checks say what the shared schemas say", () => {
  it.each(
    [
      ...emails.map((email) => ({ name: "Joana", email, message: "Olá!" })),
      { name: "", email: "", message: "" },
      { name: "  ", email: "joana@example.com", message: " \n " },
      { name: "x".repeat(120), email: "joana@example.com", message: "y".repeat(5000) },
      { name: "x".repeat(121), email: "joana@example.com", message: "y".repeat(5001) },
      { name: ` ${"x".repeat(120)} `, email: "joana@example.com", message: "Olá" },
    ].map((values) => [JSON.stringify(values).slice(0, 80), values]),
  )("contact %s", (_, values) => {
    expect(problemsOf(contactChecks, values)).toEqual(schemaProblems(contactSchema, contactChecks, values));
  });

  it.each(
    [
      ...emails.map((email) => ({ email, password: "segredo" })),
      { email: "joana@example.com", password: "" },
      { email: "joana@example.com", password: " " },
      { email: "joana@example.com", password: "1" },
    ].map((values) => [JSON.stringify(values), values]),
  )("login %s", (_, values) => {
    expect(problemsOf(loginChecks, values)).toEqual(schemaProblems(loginSchema, loginChecks, values));
  });

  const setup = {
    title: "Cooperativa",
    admin_name: "Beatriz",
    email: "beatriz@example.com",
    password: "segredo-1",
    password_confirmation: "segredo-1",
  };
  it.each(
    [
      setup,
      { ...setup, use_as_public_email: "on" },
      { ...setup, title: "", admin_name: " " },
      { ...setup, title: "t".repeat(121) },
      { ...setup, email: "beatriz@" },
      { ...setup, password: "", password_confirmation: "" },
      { ...setup, password: "12345", password_confirmation: "12345" },
      { ...setup, password: "123456", password_confirmation: "123456" },
      { ...setup, password: "p".repeat(201), password_confirmation: "p".repeat(201) },
      { ...setup, password_confirmation: "segredo-2" },
      { ...setup, password_confirmation: "" },
    ].map((values) => [JSON.stringify(values).slice(0, 120), values]),
  )("setup %s", (_, values) => {
    expect(problemsOf(setupChecks, values)).toEqual(schemaProblems(setupSchema, setupChecks, values));
  });
});
