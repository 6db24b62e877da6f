import { and, eq, lte, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../kernel/access.ts";
import { scopeFor } from "../../kernel/scope.ts";
import { membersOnlyReadable } from "../members/member-access.ts";
import { events, pages, posts } from "./tables.ts";

type Filter = (actor: Actor | null) => SQL | undefined;

/**
 * Which rows of a kind an actor may read, as query filters; undefined lets every row through.
 * `read`: what she may open (lists, single reads, tags, the sitemap, the API and the site search all use
 * it); `listed`: what the site's own pages name to her, members-only items she may not open included, shown
 * as a notice (content-service.ts's teasers); `membersOnly`: whether she may open a members-only row.
 */
export type ContentAccess = { read: Filter; listed: Filter; membersOnly: Filter };

/** Administrators read every row (drafts, news not yet due: previews); everyone else the public ones. */
function contentAccess(table: typeof pages | typeof posts | typeof events, isPublic: () => SQL): ContentAccess {
  const listed: Filter = (actor) => (scopeFor(actor) === "any" ? undefined : isPublic());
  const membersOnly: Filter = (actor) => membersOnlyReadable(actor, table.membersOnly);
  return { listed, membersOnly, read: (actor) => and(listed(actor), membersOnly(actor)) };
}

export const pagesAccess = contentAccess(pages, () => eq(pages.status, "published"));

/** Published and already due: a future publication date hides a news item until then. */
export const postsAccess = contentAccess(
  posts,
  () => and(eq(posts.status, "published"), lte(posts.publishedAt, sql`now()`)) ?? sql`false`,
);

export const eventsAccess = contentAccess(events, () => eq(events.status, "published"));
