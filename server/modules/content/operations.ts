import { listQuerySchema } from "../../../common/pagination.ts";
import {
  contentListQuerySchema,
  eventListQuerySchema,
  eventSchema,
  pageSchema,
  postSchema,
} from "../../../common/schemas/content.ts";
import {
  eventListSchema,
  eventViewSchema,
  pageListSchema,
  pageViewSchema,
  postListSchema,
  postViewSchema,
  tagCountsSchema,
} from "../../../common/views/content.ts";
import type { z } from "../../../common/zod.ts";
import { input, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

const tagCounts = output("TagCounts", tagCountsSchema);

/** The six operations of pages, news or events: anyone reads what is published, administrators everything. */
function contentOperations(kind: {
  path: string;
  tag: string;
  /** "page", "news item", "event". */
  noun: string;
  listOrder: string;
  query: z.ZodObject;
  body: z.ZodType;
  view: z.ZodType;
  list: z.ZodType;
  hidden: string;
}): Operation[] {
  const { tag, noun } = kind;
  const content = recordOperations({ ...kind, access: "admin" });
  const slugTaken = { status: 409, description: "The slug is already in use" };
  return [
    content.list({
      summary: `List ${kind.listOrder}; q searches the text (best match first), tag filters. Visitors see ${kind.hidden}; administrators see all and may filter by status`,
      access: "public",
      query: [listQuerySchema, kind.query],
      success: { description: `One page of ${tag}`, schema: kind.list },
    }),
    content.get({
      path: "/tags",
      summary: `Tags in use with their counts (counting only what the reader may see)`,
      access: "public",
      success: { status: 200, description: "Tags, most used first", schema: tagCounts },
    }),
    content.read({
      path: "/{idOrSlug}",
      summary: `One ${noun} by id or slug; administrators also see what is hidden from visitors (preview)`,
      access: "public",
    }),
    content.create({
      summary: `Create a ${noun}; an empty slug is made from the title, the rich text is sanitised`,
      refusals: [slugTaken],
    }),
    content.update({ summary: `Update a ${noun}; an empty slug is made from the title again`, refusals: [slugTaken] }),
    content.delete({ summary: `Delete a ${noun}` }),
  ];
}

export const pagesOperations = contentOperations({
  path: "/api/pages",
  tag: "pages",
  noun: "page",
  listOrder: "pages, last updated first (sort=date_asc: oldest first)",
  query: contentListQuerySchema,
  body: input("PageInput", pageSchema),
  view: output("Page", pageViewSchema),
  list: output("PageList", pageListSchema),
  hidden: "published pages only",
});

export const postsOperations = contentOperations({
  path: "/api/posts",
  tag: "posts",
  noun: "news item",
  listOrder: "news by publication date, newest first (sort=date_asc: oldest first)",
  query: contentListQuerySchema,
  body: input("PostInput", postSchema),
  view: output("Post", postViewSchema),
  list: output("PostList", postListSchema),
  hidden: "published news whose publication date has come",
});

export const eventsOperations = contentOperations({
  path: "/api/events",
  tag: "events",
  noun: "event",
  listOrder:
    "events: upcoming ones (not yet over) soonest first, then past ones latest first; when=upcoming|past keeps one group; sort=date_asc lists all by start, oldest first",
  query: eventListQuerySchema,
  body: input("EventInput", eventSchema),
  view: output("Event", eventViewSchema),
  list: output("EventList", eventListSchema),
  hidden: "published events only",
});
