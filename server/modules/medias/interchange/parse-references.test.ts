import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { type DomainError, isDomainError } from "../../../../common/errors.ts";
import { MAX_IMPORT_BYTES } from "../../../../common/schemas/media.ts";
import { mediaValues } from "../media-row.ts";
import { generatedBibtex } from "./fixtures/generate.ts";
import { parseReferences } from "./parse-references.ts";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

describe("parseReferences", () => {
  it("detects BibTeX and RIS and validates each entry, giving reasons in Portuguese", async () => {
    const bibtex = await parseReferences(fixture("zotero.bib"));
    expect(bibtex.format).toBe("bibtex");
    expect(bibtex.entries.map((entry) => [entry.index, entry.key, entry.reason])).toEqual([
      [1, "souza2019agroecologia", null],
      [2, "embrapa2018manual", null],
      [3, "lima2020feiras", null],
      [4, "oliveira2017manejo", null],
      [5, "cooperativa2021portal", null],
      [6, "aba2020video", null],
      [7, "semtitulo2019", "Sem título"],
      [8, "datainvalida", "Data inválida: 2019-13"],
      [9, "doiinvalido", "DOI inválido: não-é-doi"],
    ]);
    expect(bibtex.entries[0]).toMatchObject({
      title: "Agroecologia e segurança alimentar: práticas em cooperativas do Semiárido",
      type: "journal_article",
      year: 2019,
      authors: ["Souza, Maria Aparecida", "da Silva, João Carlos", "Gonçalves Filho, José"],
      input: { languages: ["Português"], status: "published" },
    });
    expect(bibtex.entries[6]?.input).toBeNull();

    const ris = await parseReferences(fixture("export.ris"));
    expect(ris.format).toBe("ris");
    expect(ris.entries.map((entry) => entry.reason)).toEqual([null, null, null, null, "Sem título"]);
    expect(ris.entries[0]?.input?.doi).toBe("10.33240/rba.v14i2.22912");
  });

  it("uses the format it is given", async () => {
    const error = await refusal(parseReferences(fixture("export.ris"), "bibtex"));
    expect(error.message).toBe("Nenhuma referência encontrada no arquivo BibTeX.");
  });

  it.each([
    [
      "malformed.bib",
      "O arquivo BibTeX não pôde ser lido: a entrada da linha 6 tem um erro de sintaxe na linha 11 (falta uma vírgula ou uma chave de fechamento?).",
    ],
    ["garbage.bin", "O arquivo não é texto (parece binário)."],
    ["empty.bib", "O arquivo está vazio."],
  ])("refuses %s whole", async (name, message) => {
    const error = await refusal(parseReferences(fixture(name)));
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain(message);
  });

  it("refuses text that is neither BibTeX nor RIS, and files over the size limit", async () => {
    const prose = await refusal(parseReferences("Lista de leituras:\n- Souza (2019)\n"));
    expect(prose.message).toContain("O arquivo não é BibTeX (.bib) nem RIS (.ris)");
    const huge = await refusal(parseReferences(`@misc{a, note = {${"x".repeat(MAX_IMPORT_BYTES)}}}`));
    expect(huge.message).toContain("O arquivo é grande demais");
  });

  it("keeps hostile entries from reaching the library: huge fields, thousands of authors, deep braces, scripts", async () => {
    const authors = Array.from({ length: 10_000 }, (_, index) => `Autor${index}, Nome`).join(" and ");
    const text = [
      fixture("hostile.bib"),
      `@article{grande, title = {Campo enorme}, abstract = {${"palavra ".repeat(131_072)}}}`,
      `@article{autores, title = {Muitos autores}, author = {${authors}}}`,
      `@article{titulo, title = {${"T".repeat(1_000_000)}}}`,
    ].join("\n");
    const parsed = await parseReferences(text);
    expect(parsed.entries.map((entry) => [entry.key, entry.reason])).toEqual([
      ["script2019", null],
      ["macro2019", null],
      ["grande", "Resumo: A descrição é grande demais"],
      ["autores", "Autores: No máximo 100 autores"],
      ["titulo", "Título: No máximo 500 caracteres"],
    ]);
    expect(parsed.entries[3]?.authors).toHaveLength(20);
    expect(parsed.entries[4]?.title.length).toBeLessThanOrEqual(300);
    const script = parsed.entries[0]?.input;
    if (!script) throw new Error("the script entry should be valid");
    expect(mediaValues(script).description).toBe(
      "<p>&lt;script&gt;alert('xss')&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; Texto do resumo.</p>",
    );

    const deep = `@article{fundo, title = {${"{".repeat(20_000)}x${"}".repeat(20_000)}}}`;
    expect((await parseReferences(deep)).entries[0]?.title).toBe("x");
  });

  it("stops a worker that runs past the time limit", async () => {
    const error = await refusal(parseReferences(generatedBibtex(200), undefined, { timeLimitMs: 5 }));
    expect(error.message).toBe(
      "A leitura do arquivo passou de 1 s e foi interrompida. Divida o arquivo em partes menores.",
    );
  });

  it("reads 3 000 entries off the main thread: timers keep firing while it parses", async () => {
    const text = generatedBibtex(3000);
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 20);
    try {
      const parsed = await parseReferences(text);
      expect(parsed.entries).toHaveLength(3000);
      expect(parsed.entries.every((entry) => entry.input !== null)).toBe(true);
      expect(parsed.entries[2999]?.input).toMatchObject({
        title: "Produção agroecológica gerado n. 3000: estudo de caso",
        authors: ["Gonçalves, José", "Araújo, Maria Lúcia", "da Silva, João 3000"],
      });
    } finally {
      clearInterval(timer);
    }
    expect(longestGap).toBeLessThan(500);
  }, 120_000);
});
