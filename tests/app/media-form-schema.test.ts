import { describe, expect, it } from "vitest";
import { parseForm } from "../../app/lib/form-parse.ts";
import { mediaFormSchema, mediaSchema } from "../../common/schemas/media.ts";

/** A form post as the browser sends it: indexed names for lists. */
function posted(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe("the library item's form", () => {
  it("skips a name field left empty, as the API skips an empty name", () => {
    const result = parseForm(
      posted([
        ["title", "Cartilha"],
        ["type", "book"],
        ["authors[0]", ""],
        ["authors[1]", " Lima, Rosa "],
        ["organizers[0]", ""],
      ]),
      mediaFormSchema,
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.authors).toEqual(["Lima, Rosa"]);
    expect(result.value.organizers).toEqual([]);
    expect(mediaSchema.parse({ title: "Cartilha", type: "book", authors: ["", "Lima, Rosa"] }).authors).toEqual([
      "Lima, Rosa",
    ]);
  });

  it("keeps the API's rules for names: a name too long is refused at its place", () => {
    const result = parseForm(
      posted([
        ["title", "Cartilha"],
        ["type", "book"],
        ["authors[0]", "Lima, Rosa"],
        ["authors[1]", "x".repeat(201)],
      ]),
      mediaFormSchema,
    );
    expect(result.status).toBe("error");
    expect(result.reply().error?.["authors[1]"]).toEqual(["Nomes têm no máximo 200 caracteres"]);
  });

  it("reads the Brazilian date and every field's error at once", () => {
    const result = parseForm(
      posted([
        ["title", ""],
        ["type", ""],
        ["publication_date", "31/02/2019"],
        ["doi", "abc"],
      ]),
      mediaFormSchema,
    );
    expect(result.status).toBe("error");
    expect(Object.keys(result.reply().error ?? {}).sort()).toEqual(["doi", "publication_date", "title", "type"]);
    const dated = parseForm(
      posted([
        ["title", "Relatório"],
        ["type", "report"],
        ["publication_date", "28/02/2019"],
      ]),
      mediaFormSchema,
    );
    expect(dated.status === "success" && dated.value.publication_date).toBe("2019-02-28");
  });
});
