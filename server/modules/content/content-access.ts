import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../kernel/access.ts";
import { scopeFor } from "../../kernel/scope.ts";
import { events, pages, posts } from "./tables.ts";

/**
 * Which rows of a kind an actor may read, as a query filter; undefined lets every row through.
 * Lists, single reads, tags, the sitemap and the site search (server/modules/search) all use it.
 */
export type ContentAccess = (actor: Actor | null) => SQL | undefined;

/** Administrators read every row (drafts, news not yet due: previews); everyone else the public ones. */
const publicUnlessAdmin =
  (isPublic: () => SQL): ContentAccess =>
  (actor) =>
    scopeFor(actor) === "any" ? undefined : isPublic();

export const pagesAccess = publicUnlessAdmin(() => eq(pages.status, "published"));

/** Published and already due: a future publication date hides a news item until then. */
export const postsAccess = publicUnlessAdmin(
  () => and(eq(posts.status, "published"), lte(posts.publishedAt, sql`now()`)) ?? sql`false`,
);

export const eventsAccess = publicUnlessAdmin(() => eq(events.status, "published"));
