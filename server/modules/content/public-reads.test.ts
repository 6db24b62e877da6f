import { describe, expect, it } from "vitest";
import type { ListQuery } from "../../../common/pagination.ts";
import { type ContentListQuery, pageSchema, postSchema } from "../../../common/schemas/content.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";

const t = withTestServices();
const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const listQuery: ListQuery & ContentListQuery = { page: 1, per_page: 20, q: "", sort: "date_desc" };
const page = (fields: Record<string, unknown>) => pageSchema.parse({ status: "published", ...fields });
const post = (fields: Record<string, unknown>) => postSchema.parse({ status: "published", ...fields });

/** Visitors' reads are kept in memory (server/kernel/public-reads.ts); these are the promises it must keep. */
describe("visitors' reads kept in memory", () => {
  it("show an edit, a new item and a removal on the very next read", async () => {
    const { pages, posts, search } = t.services;
    const created = await pages.create(admin, page({ title: "Quem somos", content: "<p>cooperativa</p>" }));
    expect((await pages.get(null, created.slug)).title).toBe("Quem somos");
    expect((await search.search({ q: "cooperativa", page: 1, per_page: 10 })).pagination.total).toBe(1);

    const edited = { title: "Nossa história", slug: created.slug, content: "<p>associação</p>" };
    await pages.update(admin, created.id, page(edited));
    expect((await pages.get(null, created.slug)).title).toBe("Nossa história");
    expect((await search.search({ q: "cooperativa", page: 1, per_page: 10 })).pagination.total).toBe(0);

    expect((await posts.list(null, listQuery)).pagination.total).toBe(0);
    await posts.create(admin, post({ title: "Assembleia" }));
    expect((await posts.list(null, listQuery)).data.map((item) => item.title)).toEqual(["Assembleia"]);

    await pages.remove(admin, created.id);
    expect((await failure(pages.get(null, created.slug))).kind).toBe("not_found");
  });

  it("never give a visitor what only an administrator may see", async () => {
    const { pages } = t.services;
    const draft = await pages.create(admin, page({ title: "Rascunho", status: "draft" }));
    expect((await pages.get(admin, draft.slug)).title).toBe("Rascunho");
    expect((await failure(pages.get(null, draft.slug))).kind).toBe("not_found");
    expect((await pages.list(admin, listQuery)).pagination.total).toBe(1);
    expect((await pages.list(null, listQuery)).pagination.total).toBe(0);
  });
});
