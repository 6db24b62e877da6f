import fs from "node:fs";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mediaSchema } from "../../../common/schemas/media.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { writeBibtex } from "./interchange/bibtex.ts";
import { generatedBibtex } from "./interchange/fixtures/generate.ts";
import { writeRis } from "./interchange/ris.ts";
import { mediaValues, toMediaView } from "./media-row.ts";
import { mediaImports, medias } from "./tables.ts";

const t = withTestDatabase();
const importer = () => createTestServices(t.database).mediaImport;

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const customer: Actor = { id: 2, name: "Bia", email: "bia@example.com", role: "user" };
const fixture = (name: string) => fs.readFileSync(new URL(`./interchange/fixtures/${name}`, import.meta.url), "utf8");

async function addItem(fields: Record<string, unknown>) {
  const [row] = await t.database.db
    .insert(medias)
    .values(mediaValues(mediaSchema.parse({ type: "journal_article", ...fields })))
    .returning();
  if (!row) throw new Error("insert failed");
  return row;
}

const itemCount = async () => (await t.database.db.select({ total: count() }).from(medias))[0]?.total ?? 0;

describe("media import", () => {
  it("is for administrators only", async () => {
    expect((await failure(importer().preview(null, fixture("zotero.bib")))).kind).toBe("unauthenticated");
    expect((await failure(importer().commit(customer, fixture("zotero.bib")))).kind).toBe("forbidden");
    expect(await itemCount()).toBe(0);
  });

  it("previews a file without writing: new entries and invalid ones with their reasons", async () => {
    const summary = await importer().preview(admin, fixture("zotero.bib"));
    expect(summary).toMatchObject({ format: "bibtex", total: 9, new: 6, duplicates: 0, invalid: 3 });
    expect(summary.entries.map((entry) => [entry.index, entry.status, entry.reason])).toEqual([
      [1, "new", null],
      [2, "new", null],
      [3, "new", null],
      [4, "new", null],
      [5, "new", null],
      [6, "new", null],
      [7, "invalid", "Sem título"],
      [8, "invalid", "Data inválida: 2019-13"],
      [9, "invalid", "DOI inválido: não-é-doi"],
    ]);
    expect(summary.entries[0]).toEqual({
      index: 1,
      key: "souza2019agroecologia",
      title: "Agroecologia e segurança alimentar: práticas em cooperativas do Semiárido",
      type: "journal_article",
      authors: ["Souza, Maria Aparecida", "da Silva, João Carlos", "Gonçalves Filho, José"],
      year: 2019,
      status: "new",
      reason: null,
      duplicate_of: null,
    });
    expect(await itemCount()).toBe(0);
  });

  it("finds duplicates by DOI in any case, and by title, year and first author whatever the accents and case", async () => {
    const byDoi = await addItem({ title: "Outro título qualquer", doi: "10.33240/RBA.V14I2.22912" });
    const byIdentity = await addItem({
      title: "MANUAL DE BOAS PRATICAS NA PRODUCAO DE SEMENTES CRIOULAS",
      type: "book",
      authors: ["{EMPRESA BRASILEIRA DE PESQUISA AGROPECUARIA}"],
      publication_date: "2018",
    });
    await addItem({ title: "Manejo agroecológico do solo em sistemas agroflorestais", authors: ["Oliveira, B."] });
    const summary = await importer().preview(admin, fixture("zotero.bib"));
    expect(summary).toMatchObject({ new: 4, duplicates: 2, invalid: 3 });
    expect(summary.entries[0]).toMatchObject({
      status: "duplicate",
      duplicate_of: byDoi.id,
      reason: "Já existe na biblioteca: «Outro título qualquer» (DOI 10.33240/RBA.V14I2.22912)",
    });
    expect(summary.entries[1]).toMatchObject({
      status: "duplicate",
      duplicate_of: byIdentity.id,
      reason:
        "Já existe na biblioteca: «MANUAL DE BOAS PRATICAS NA PRODUCAO DE SEMENTES CRIOULAS» (mesmo título, ano e primeiro autor)",
    });
    // Same title and surname but no year on the medias item: a different identity, so new.
    expect(summary.entries[3]?.status).toBe("new");
  });

  it("marks an entry repeated inside the file as a duplicate of the earlier one", async () => {
    const entry = (key: string, title: string, doi = "") =>
      `@article{${key}, title = {${title}}, author = {Silva, Ana}, year = {2020}${doi ? `, doi = {${doi}}` : ""}}`;
    const text = [
      entry("a", "Sementes crioulas", "10.1000/abc"),
      entry("b", "Feiras livres"),
      entry("c", "Um título diferente", "10.1000/ABC"),
      entry("d", "FEIRAS LIVRES!"),
    ].join("\n");
    const summary = await importer().preview(admin, text);
    expect(summary.entries.map((item) => [item.status, item.reason])).toEqual([
      ["new", null],
      ["new", null],
      ["duplicate", "Repetida no arquivo (entrada 1)"],
      ["duplicate", "Repetida no arquivo (entrada 2)"],
    ]);
  });

  it("commits the new entries as published items, and a second run creates nothing", async () => {
    const first = await importer().commit(admin, fixture("mendeley.bib"));
    expect(first).toMatchObject({ total: 3, new: 3, duplicates: 0, invalid: 0, created: 3 });
    const rows = await t.database.db.select().from(medias).orderBy(medias.id);
    expect(rows.map((row) => [row.title, row.status, row.type])).toEqual([
      ["A produção orgânica e a transição agroecológica no Cerrado", "published", "journal_article"],
      ["Cooperativismo e agricultura familiar", "published", "thesis"],
      ["Sementes crioulas no Cerrado", "published", "event_presentation"],
    ]);
    expect(toMediaView(rows[0] as (typeof rows)[number])).toMatchObject({
      authors: ["Gonçalves, José", "Araújo, Maria Lúcia", "Müller, Hans"],
      publication_date: "2019-03",
      date_precision: "month",
      description: "<p>A produção orgânica cresce no país.</p>",
    });

    const second = await importer().commit(admin, fixture("mendeley.bib"));
    expect(second).toMatchObject({ new: 0, duplicates: 3, created: 0 });
    expect(await itemCount()).toBe(3);
  });

  it("stores hostile descriptions sanitised", async () => {
    await importer().commit(admin, fixture("hostile.bib"));
    const rows = await t.database.db.select().from(medias).orderBy(medias.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.description).not.toMatch(/<(script|img)/i);
    expect(rows[0]?.description).toContain("&lt;script&gt;");
  });

  it("round-trips items through BibTeX and RIS exports: re-importing them finds every one a duplicate", async () => {
    await importer().commit(admin, fixture("zotero.bib"));
    const items = (await t.database.db.select().from(medias).orderBy(medias.id)).map(toMediaView);
    for (const text of [writeBibtex(items), writeRis(items)]) {
      const summary = await importer().preview(admin, text);
      expect(summary.entries.map((entry) => [entry.status, entry.duplicate_of])).toEqual(
        items.map((item) => ["duplicate", item.id]),
      );
    }
  });

  it("writes nothing when the database refuses one row", async () => {
    await t.database.db.execute(sql`
      CREATE FUNCTION test_refuse_import() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.title LIKE '%n. 250:%' THEN RAISE EXCEPTION 'recusado pelo teste'; END IF;
        RETURN NEW;
      END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER test_refuse_import BEFORE INSERT ON medias FOR EACH ROW EXECUTE FUNCTION test_refuse_import()`,
    );
    try {
      await expect(importer().commit(admin, generatedBibtex(300))).rejects.toThrow();
      expect(await itemCount()).toBe(0);
      expect(await t.database.db.select().from(mediaImports)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_import ON medias`);
      await t.database.db.execute(sql`DROP FUNCTION test_refuse_import()`);
    }
  });

  it("refuses an unreadable file whole", async () => {
    const error = await failure(importer().commit(admin, fixture("malformed.bib")));
    expect(error.kind).toBe("invalid");
    expect(error.message).toContain("linha 6");
    expect(await itemCount()).toBe(0);
  });

  it("imports 3 000 entries while the event loop stays free", async () => {
    const text = generatedBibtex(3000);
    // The longest stretch the event loop went without running a 20 ms timer, while `work` runs.
    async function longestBlock<T>(work: () => Promise<T>) {
      let last = performance.now();
      let longest = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 20);
      const started = performance.now();
      try {
        const result = await work();
        return { result, longest, duration: performance.now() - started };
      } finally {
        clearInterval(timer);
      }
    }
    // Work done on the main thread would show up as one block about as long as the whole step; a busy
    // 2-core machine stretches both, so the bound is 500 ms or a third of the step, whichever is larger.
    const bound = (duration: number) => Math.max(500, duration / 3);

    let queried = 0;
    const preview = await longestBlock(async () => {
      let parsing = true;
      const summary = importer()
        .preview(admin, text)
        .finally(() => {
          parsing = false;
        });
      // A simple query meanwhile is answered, not queued behind the parse.
      while (parsing) {
        await t.database.db.select({ total: count() }).from(medias);
        queried++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return summary;
    });
    expect(preview.result.new).toBe(3000);
    expect(queried).toBeGreaterThan(1);
    expect(preview.longest).toBeLessThan(bound(preview.duration));

    const commit = await longestBlock(() => importer().commit(admin, text));
    expect(commit.result.created).toBe(3000);
    expect(commit.longest).toBeLessThan(bound(commit.duration));
    expect(await itemCount()).toBe(3000);
    const [last] = await t.database.db.select().from(medias).where(eq(medias.doi, "10.5555/gerado.3000"));
    expect(last?.title).toBe("Produção agroecológica gerado n. 3000: estudo de caso");
  }, 180_000);
  it("keeps answering lists while a large file is written, and shows it only once it is whole", async () => {
    const medias = createTestServices(t.database).medias;
    const visibleTotal = async () =>
      (await medias.list(admin, { page: 1, per_page: 1, q: "", sort: "newest" })).pagination.total;
    let writing = true;
    const commit = importer()
      .commit(admin, generatedBibtex(1500))
      .finally(() => {
        writing = false;
      });
    const seenWhileStaged: number[] = [];
    while (writing) {
      const written = await itemCount();
      const visible = await visibleTotal();
      if (writing && written > 0) seenWhileStaged.push(visible);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await commit).created).toBe(1500);
    // Lists ran between the chunks, and none of them saw part of the file.
    expect(seenWhileStaged.length).toBeGreaterThan(0);
    expect(new Set(seenWhileStaged)).toEqual(new Set([0]));
    expect(await visibleTotal()).toBe(1500);
  }, 120_000);

  it("creates a file's items once when two commits of it run at the same time", async () => {
    const text = generatedBibtex(250);
    const results = await Promise.all([importer().commit(admin, text), importer().commit(admin, text)]);
    expect(results.map((result) => result.created).sort((a, b) => a - b)).toEqual([0, 250]);
    const later = results.find((result) => result.created === 0);
    expect(later).toMatchObject({ new: 0, duplicates: 250 });
    expect(later?.entries[0]?.reason).toMatch(/^Já existe na biblioteca/);
    expect(await itemCount()).toBe(250);
  }, 120_000);
});
