import { describe, expect, it } from "vitest";
import { longestHold } from "../../../tests/support/event-loop-hold.ts";
import { wxrItem } from "../../../tests/support/import-texts.ts";
import { linearBound, timeGrowth } from "../../../tests/support/linear-time.ts";
import { type ExistingState, type ImportPlan, planImport } from "./import-plan.ts";
import type { WxrExport, WxrItem } from "./wxr-reader.ts";

const SITE = "http://antigo.example";

const post = (id: number): WxrItem =>
  wxrItem({
    id,
    type: "post",
    title: `Notícia ${id}`,
    link: `${SITE}/noticia-${id}/`,
    slug: `noticia-${id}`,
    status: "publish",
    date: "2024-03-01 10:00:00",
    dateGmt: "2024-03-01 13:00:00",
    content: "<p>Assembleia geral.</p>",
    guid: `${SITE}/?p=${id}`,
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
  // The limit is for a hung run: a loaded machine has taken 12 s for what takes 1 s on a quiet one.
  it("keeps the slug each record has here, and plans a site of 20,000 posts in moments, holding no request", {
    timeout: 180_000,
  }, async () => {
    const count = 20_000;
    const items = Array.from({ length: count }, (_, index) => post(index + 1));
    const made: { plan?: ImportPlan } = {};
    const held = await longestHold(async () => {
      made.plan = await planImport(
        { wxr: exportOf(items), csvProducts: { products: [], skipped: [] }, customers: null },
        importedBefore(count),
        SITE,
      );
    });
    const { plan } = made;
    if (!plan) throw new Error("no plan was made");
    expect(plan.contents).toHaveLength(count);
    expect(plan.contents[0]).toMatchObject({ wpId: "1", slug: "renomeada-1" });
    expect(plan.contents.at(-1)).toMatchObject({ wpId: String(count), slug: `renomeada-${count}` });
    expect(plan.report.renamed).toEqual([]);
    // Looking up each record's slug among all of them took minutes here (20,000 × 20,000): the plan of 2,500
    // posts and of eight times as many, timed in turn, grow as the posts do, not as their square.
    const growth = await timeGrowth(
      (size) => {
        const posts = exportOf(Array.from({ length: size }, (_, index) => post(index + 1)));
        const before = importedBefore(size);
        return () =>
          planImport({ wxr: posts, csvProducts: { products: [], skipped: [] }, customers: null }, before, SITE);
      },
      count / 8,
      { runs: 2 },
    );
    expect(growth.largeMs).toBeLessThan(linearBound(growth, 200));
    // And visitors' requests get their turns meanwhile: read at once, the 20,000 items held them for 500 ms.
    expect(held).toBeLessThan(100);
  });
});
