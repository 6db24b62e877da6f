import { describe, expect, it } from "vitest";
import { isDomainError } from "./errors.ts";
import { readBodyFields } from "./read-body.ts";

const post = (body: BodyInit, type?: string) =>
  new Request("http://localhost/", { method: "POST", body, headers: type ? { "content-type": type } : {} });

async function refusal(request: Request) {
  const error: unknown = await readBodyFields(request).catch((thrown: unknown) => thrown);
  if (!isDomainError(error)) throw new Error(`expected a refusal, got ${JSON.stringify(error)}`);
  return { kind: error.kind, message: error.message };
}

describe("readBodyFields", () => {
  it("reads JSON, a urlencoded form, a multipart form and JSON sent without a type", async () => {
    expect(await readBodyFields(post('{"a":1}', "application/json"))).toEqual({ a: 1 });
    expect(await readBodyFields(post(new URLSearchParams({ a: "1", b: "ç" })))).toEqual({ a: "1", b: "ç" });
    const form = new FormData();
    form.append("intent", "preview");
    form.append("file", new File(["@book{a}"], "a.bib"));
    const fields = await readBodyFields(post(form));
    expect(fields.intent).toBe("preview");
    expect(fields.file).toBeInstanceOf(File);
    expect(await readBodyFields(post('{"a":"b"}'))).toEqual({ a: "b" });
  });

  it("refuses a body that is not JSON, and JSON that is not an object, in pt-BR", async () => {
    const notJson = { kind: "invalid", message: "O corpo da requisição não é um JSON válido." };
    const notObject = { kind: "invalid", message: "Envie os dados como um objeto JSON." };
    expect(await refusal(post("{a", "application/json"))).toEqual(notJson);
    expect(await refusal(post("texto"))).toEqual(notJson);
    expect(await refusal(post("[1]", "application/json"))).toEqual(notObject);
    expect(await refusal(post("", "text/plain"))).toEqual(notObject);
  });
});
