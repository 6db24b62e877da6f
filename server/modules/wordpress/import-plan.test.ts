import { describe, expect, it } from "vitest";
import { longestHold } from "../../../tests/support/event-loop-hold.ts";
import { type ExistingState, type ImportPlan, planImport } from "./import-plan.ts";
import { heldText } from "./import-text.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

const SITE = "http://antigo.example";

const post = (id: number): WxrItem => ({
  id,
  type: "post",
  title: `Notícia ${id}`,
  link: `${SITE}/noticia-${id}/`,
  slug: `noticia-${id}`,
  status: "publish",
  parentId: 0,
  menuOrder: 0,
  date: "2024-03-01 10:00:00",
  dateGmt: "2024-03-01 13:00:00",
  content: heldText("<p>Assembleia geral.</p>"),
  excerpt: "",
  guid: `${SITE}/?p=${id}`,
  attachmentUrl: "",
  terms: [],
  meta: {},
});

const exportOf = (items: WxrItem[]): WxrExport => ({
  version: "1.2",
  site: { title: "Cooperativa", link: SITE, description: "", language: "pt-BR", baseSiteUrl: SITE, baseBlogUrl: SITE },
  terms: [],
  items,
});

/** The site after an earlier import of the same posts: post N is record N + 100000, under a slug of its own. */
function importedBefore(count: number): ExistingState {
  const mapped = new Map<string, { recordId: string; fingerprint: string }>();
  const postSlugs = new Map<string, string>();
  for (let id = 1; id <= count; id++) {
    mapped.set(`post:${id}`, { recordId: String(id + 100_000), fingerprint: "antes" });
    postSlugs.set(`renomeada-${id}`, String(id + 100_000));
  }
  return {
    mapped,
    slugs: { page: new Map(), post: postSlugs, event: new Map(), product: new Map() },
    skus: new Map(),
    emails: new Set(),
    postsTitle: "Notícias",
    hasHomePage: false,
  };
}

describe("the plan of an import made again", () => {
  it("keeps the slug each record has here, and plans a site of 20,000 posts in moments, holding no request", async () => {
    const count = 20_000;
    const items = Array.from({ length: count }, (_, index) => post(index + 1));
    const started = performance.now();
    const made: { plan?: ImportPlan } = {};
    const held = await longestHold(async () => {
      made.plan = await planImport(
        { wxr: exportOf(items), csvProducts: { products: [], skipped: [] }, customers: null },
        importedBefore(count),
        SITE,
      );
    });
    const seconds = (performance.now() - started) / 1000;
    const { plan } = made;
    if (!plan) throw new Error("no plan was made");
    expect(plan.contents).toHaveLength(count);
    expect(plan.contents[0]).toMatchObject({ wpId: "1", slug: "renomeada-1" });
    expect(plan.contents.at(-1)).toMatchObject({ wpId: String(count), slug: `renomeada-${count}` });
    expect(plan.report.renamed).toEqual([]);
    // Looking up each record's slug among all of them took minutes here (20,000 × 20,000); now well under a second.
    expect(seconds).toBeLessThan(10);
    // And visitors' requests get their turns meanwhile: read at once, the 20,000 items held them for 500 ms.
    expect(held).toBeLessThan(100);
  });
});
