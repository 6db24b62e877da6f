import { describe, expect, it } from "vitest";
import { busy, conflict, notFound } from "./errors.ts";
import { failureOf } from "./failure.ts";

describe("failureOf", () => {
  it("answers a domain error with its status, message and field errors", () => {
    expect(failureOf(conflict("E-mail em uso.", { email: ["Já cadastrado"] }))).toEqual({
      status: 409,
      body: { message: "E-mail em uso.", errors: { email: ["Já cadastrado"] } },
      retryAfter: null,
      fromDatabase: false,
    });
    expect(failureOf(notFound())).toMatchObject({ status: 404, body: { message: "Registro não encontrado." } });
    expect(failureOf(notFound())?.body).not.toHaveProperty("errors");
  });

  it("tells a busy server's client when to try again", () => {
    expect(failureOf(busy("Tente de novo."))).toMatchObject({ status: 503, retryAfter: 5 });
  });

  it("answers a value the database refused as a pt-BR 400, and leaves any other error alone", () => {
    const refused = new Error("query failed", { cause: { code: "22021", message: "invalid byte sequence" } });
    expect(failureOf(refused)).toEqual({
      status: 400,
      body: { message: "Algum valor enviado não pode ser gravado. Verifique os campos e tente novamente." },
      retryAfter: null,
      fromDatabase: true,
    });
    expect(failureOf(new Error("query failed", { cause: { code: "22012" } }))).toBeNull();
    expect(failureOf(new TypeError("boom"))).toBeNull();
  });
});
