import { describe, expect, it } from "vitest";
import { formAction, intentAction, submitForm } from "../../app/lib/form-action.server.ts";
import { CHECK_FIELDS, type FormAnswer, plainRefusal } from "../../app/lib/form-answer.ts";
import { conflict, invalid, unauthenticated } from "../../common/errors.ts";
import { emailField, requiredText, z } from "../../common/zod.ts";

/*
 * The one answer of every page form's action (app/lib/form-action.server.ts): the run's own answer, or
 * the form's state (Conform's submission result) with a 4xx status, which the account kit hands to
 * Conform and the public pages' plain forms read with plainRefusal.
 */

const schema = z.object({
  name: requiredText(40),
  email: emailField(),
  password: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório"),
  rows: z.array(z.object({ label: requiredText(20) })).default([]),
});

/** A form posted as the browser posts it, with or without JavaScript. */
const posted = (fields: [string, string][]) =>
  new Request("http://localhost/conta/x", { method: "POST", body: new URLSearchParams(fields) });

/** The form's state in a refusal's answer. */
const resultOf = (answer: unknown) => (answer as { data: FormAnswer }).data.result;

const filled: [string, string][] = [
  ["name", "Ana"],
  ["email", "ana@example.com"],
  ["password", "segredo1"],
];

describe("formAction", () => {
  it("runs the work on the checked input and answers what it returns", async () => {
    const answer = await formAction(posted([...filled, ["rows[0].label", "Um"]]), schema, async (input, form) => ({
      input,
      extra: form.get("name"),
    }));
    expect(answer).toEqual({
      input: { name: "Ana", email: "ana@example.com", password: "segredo1", rows: [{ label: "Um" }] },
      extra: "Ana",
    });
  });

  it("answers a refused submission with every field's pt-BR error, what was typed but the password, and a 400", async () => {
    let ran = false;
    const answer = await formAction(
      posted([
        ["name", ""],
        ["email", "ana"],
        ["password", "x"],
        ["rows[0].label", ""],
      ]),
      schema,
      async () => {
        ran = true;
      },
    );
    expect(ran).toBe(false);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        result: {
          status: "error",
          error: {
            name: ["Campo obrigatório"],
            email: ["Informe um e-mail válido"],
            "rows[0].label": ["Campo obrigatório"],
          },
        },
      },
    });
    expect(resultOf(answer).initialValue).toMatchObject({ email: "ana" });
    expect(resultOf(answer).initialValue).not.toHaveProperty("password");
  });

  it("answers a service's refusal with its status, its message above the form and its field errors by field name", async () => {
    const refused = await formAction(posted(filled), schema, async () => {
      throw conflict("Este e-mail já está em uso.", { email: ["Já existe uma conta com este e-mail"] });
    });
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: {
        result: {
          status: "error",
          initialValue: { name: "Ana", email: "ana@example.com" },
          error: { "": ["Este e-mail já está em uso."], email: ["Já existe uma conta com este e-mail"] },
        },
      },
    });
    expect(JSON.stringify(refused)).not.toContain("segredo1");

    // A message that only points at the fields, or says what a field says, is not said twice.
    const nested = await formAction(posted(filled), schema, async () => {
      throw invalid(CHECK_FIELDS, { "rows.0.label": ["Rótulo repetido"] });
    });
    expect(nested).toMatchObject({ init: { status: 400 } });
    expect(resultOf(nested).error).toEqual({ "rows[0].label": ["Rótulo repetido"] });
    const repeated = await formAction(posted(filled), schema, async () => {
      throw invalid("Senha incorreta.", { password: ["Senha incorreta"] });
    });
    expect(repeated).toMatchObject({ init: { status: 400 } });
    expect(resultOf(repeated).error).toEqual({ password: ["Senha incorreta"] });
    const alone = await formAction(posted(filled), schema, async () => {
      throw unauthenticated("E-mail ou senha inválidos.");
    });
    expect(alone).toMatchObject({ init: { status: 401 } });
    expect(resultOf(alone).error).toEqual({ "": ["E-mail ou senha inválidos."] });
  });

  it("refuses a body that is not a form, in pt-BR, and lets other errors through", async () => {
    const json = new Request("http://localhost/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ana" }),
    });
    const answer = await formAction(json, schema, async () => "não roda");
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { result: { status: "error", error: { "": ["Envie os dados pelo formulário da página."] } } },
    });
    const bug = new Error("falha inesperada");
    await expect(
      formAction(posted(filled), schema, async () => {
        throw bug;
      }),
    ).rejects.toBe(bug);
  });

  it("answers a list change asked without JavaScript with the form drawn again, not as a refusal", async () => {
    const form = new FormData();
    for (const [name, value] of filled) form.append(name, value);
    form.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "rows" } }));
    const answer = await submitForm(form, schema, async () => "não roda");
    expect(answer).toMatchObject({ init: { status: 200 } });
    expect(resultOf(answer).initialValue?.rows).toHaveLength(1);
    expect(resultOf(answer).status).toBeUndefined();
    expect(plainRefusal((answer as { data: unknown }).data)).toBeUndefined();
  });
});

describe("intentAction", () => {
  it("runs the intent the form names and refuses one it does not know", async () => {
    const intents = { save: async (form: FormData) => `salvo ${form.get("name")}` };
    expect(await intentAction(posted([["intent", "save"], ...filled]), intents)).toBe("salvo Ana");
    expect(await intentAction(posted([["intent", "drop"]]), intents)).toMatchObject({
      init: { status: 400 },
      data: { result: { error: { "": ["Ação desconhecida."] } } },
    });
  });
});

describe("plainRefusal", () => {
  it("reads the answer for a plain form: its own message, each field's errors and what was typed", async () => {
    const refused = await formAction(posted(filled), schema, async () => {
      throw conflict("Este e-mail já está em uso.", { email: ["Já existe uma conta com este e-mail"] });
    });
    expect(plainRefusal((refused as { data: unknown }).data)).toEqual({
      message: "Este e-mail já está em uso.",
      errors: { email: ["Já existe uma conta com este e-mail"] },
      values: { name: "Ana", email: "ana@example.com" },
    });
    const checked = await formAction(posted([["name", "Ana"]]), schema, async () => undefined);
    expect(plainRefusal((checked as { data: unknown }).data)).toEqual({
      message: undefined,
      errors: { email: ["Campo obrigatório"], password: ["Campo obrigatório"] },
      values: { name: "Ana" },
    });
    // The same answer reads as the same object, render after render.
    const answer = (refused as { data: unknown }).data;
    expect(plainRefusal(answer)).toBe(plainRefusal(answer));
    expect(plainRefusal({ ok: true })).toBeUndefined();
    expect(plainRefusal(undefined)).toBeUndefined();
  });

  it("gives back what was typed in nested fields by the names the form gave them", async () => {
    const nested = z.object({ address: z.object({ city: requiredText(40), street: requiredText(40) }) });
    const refused = await formAction(
      posted([
        ["address.city", "Recife"],
        ["address.street", ""],
        ["rows[0].label", "Primeira"],
      ]),
      nested,
      async () => undefined,
    );
    expect(plainRefusal((refused as { data: unknown }).data)).toEqual({
      message: undefined,
      errors: { "address.street": ["Campo obrigatório"] },
      values: { "address.city": "Recife", "rows[0].label": "Primeira" },
    });
  });
});
