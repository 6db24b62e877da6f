import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the pages area calls (its `uses`, index.ts). */
export const PAGES_USES = ["audit", "pages"] as const;
/** The areas whose services the news area calls. */
export const POSTS_USES = ["audit", "posts"] as const;
/** The areas whose services the agenda calls. */
export const EVENTS_USES = ["audit", "events"] as const;

export type PagesContext = ServiceContext<(typeof PAGES_USES)[number]>;
export type PostsContext = ServiceContext<(typeof POSTS_USES)[number]>;
export type EventsContext = ServiceContext<(typeof EVENTS_USES)[number]>;
/** What the kinds of content share: each records its changes in the audit log. */
export type ContentContext = ServiceContext<"audit">;
