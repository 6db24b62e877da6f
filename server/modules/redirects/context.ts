import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the redirects area calls (its `uses`, index.ts). */
export const REDIRECTS_USES = ["audit", "redirects"] as const;

export type RedirectsContext = ServiceContext<(typeof REDIRECTS_USES)[number]>;
