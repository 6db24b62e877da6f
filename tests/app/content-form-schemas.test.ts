import { describe, expect, it } from "vitest";
import { parseForm } from "../../app/lib/form-parse.ts";
import {
  documentSchema,
  eventFormSchema,
  eventSchema,
  pageFormSchema,
  postFormSchema,
} from "../../common/schemas/content.ts";
import { fieldErrors } from "../../common/zod.ts";

/** A form post as the browser sends it: repeated names for lists. */
function posted(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

describe("the content forms read dates on São Paulo's clock", () => {
  it("reads a news item's publication date typed in the form as the instant the API stores", () => {
    const result = parseForm(
      posted([
        ["title", "Feira"],
        ["published_at", "2026-07-15T09:05"],
      ]),
      postFormSchema,
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value.published_at.toISOString()).toBe("2026-07-15T12:05:00.000Z");
  });

  it("refuses a missing, impossible or out-of-range date with the field's message", () => {
    const errorOf = (value: string | null) =>
      parseForm(
        posted([["title", "Feira"], ...(value === null ? [] : [["published_at", value] as [string, string]])]),
        postFormSchema,
      ).reply().error?.published_at;
    expect(errorOf(null)).toEqual(["Informe a data de publicação"]);
    expect(errorOf("")).toEqual(["Informe a data de publicação"]);
    expect(errorOf("2026-02-30T10:00")).toEqual(["Informe a data de publicação"]);
    expect(errorOf("2026-07-15T12:05:00Z")).toEqual(["Informe a data de publicação"]);
    expect(errorOf("2400-01-01T10:00")).toEqual(["Informe uma data entre 1900 e 2200"]);
  });

  it("refuses an event that ends before it starts, on the end's field, with every other error at once", () => {
    const result = parseForm(
      posted([
        ["title", ""],
        ["start_at", "2030-05-02T10:00"],
        ["end_at", "2030-05-02T09:59"],
      ]),
      eventFormSchema,
    );
    expect(result.reply().error).toEqual({
      title: ["Campo obrigatório"],
      end_at: ["O término não pode ser antes do início"],
    });
    const same = parseForm(
      posted([
        ["title", "Assembleia"],
        ["start_at", "2030-05-02T10:00"],
        ["end_at", "2030-05-02T10:00"],
      ]),
      eventFormSchema,
    );
    expect(same.status).toBe("success");
    if (same.status !== "success") return;
    expect(same.value.start_at.toISOString()).toBe("2030-05-02T13:00:00.000Z");
  });
});

describe("the content forms read what their widgets post through hidden inputs", () => {
  it("reads tags, documents, cover and content, and empty fields as their defaults", () => {
    const result = parseForm(
      posted([
        ["title", "Sobre"],
        ["content", "<p>Texto</p>"],
        ["cover", "/files/capa.webp"],
        ["tags", "feira"],
        ["tags", "orgânicos"],
        ["documents[0].url", "/files/ata.pdf"],
        ["documents[0].name", "Ata.pdf"],
        ["documents[0].size", "1234"],
        ["documents[0].mime_type", "application/pdf"],
        // A link whose type is unknown posts an empty type.
        ["documents[1].url", "https://example.org/edital"],
        ["documents[1].name", "Edital"],
        ["documents[1].size", "0"],
        ["documents[1].mime_type", ""],
        ["status", "published"],
        // "Somente associados" ticked: its hidden "off", then the box's "on".
        ["members_only", "off"],
        ["members_only", "on"],
      ]),
      pageFormSchema,
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      title: "Sobre",
      slug: "",
      summary: "",
      content: "<p>Texto</p>",
      cover: "/files/capa.webp",
      cover_alt: "",
      tags: ["feira", "orgânicos"],
      documents: [
        { url: "/files/ata.pdf", name: "Ata.pdf", size: 1234, mime_type: "application/pdf" },
        { url: "https://example.org/edital", name: "Edital", size: 0, mime_type: "" },
      ],
      status: "published",
      members_only: true,
    });
  });

  it("reads a form with no tags, documents or cover as empty ones (what clears them)", () => {
    const result = parseForm(
      posted([
        ["title", "Sobre"],
        ["content", ""],
        ["status", "draft"],
      ]),
      pageFormSchema,
    );
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toMatchObject({ content: "", cover: null, tags: [], documents: [], status: "draft" });
  });
});

describe("the REST API's content schemas share the forms' rules", () => {
  it("refuses an event that ends before it starts beside its other errors, as the form does", () => {
    const result = eventSchema.safeParse({
      title: "",
      start_at: "2030-05-02T13:00:00Z",
      end_at: "2030-05-01T13:00:00Z",
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      title: ["Campo obrigatório"],
      end_at: ["O término não pode ser antes do início"],
    });
  });

  it("takes a document whose type is unknown, as a form posts it", () => {
    expect(documentSchema.parse({ url: "https://example.org/edital", name: "Edital", size: 0 })).toEqual({
      url: "https://example.org/edital",
      name: "Edital",
      size: 0,
      mime_type: "",
    });
  });
});
