import type { ServiceContext } from "../../kernel/area.ts";

/**
 * The areas whose services the WordPress import area calls (its `uses`, index.ts): the audit log only.
 * The run writes the other areas through their services from a flow (server/flows/wordpress-import.ts).
 */
export const WORDPRESS_USES = ["audit"] as const;

export type WordpressContext = ServiceContext<(typeof WORDPRESS_USES)[number]>;
