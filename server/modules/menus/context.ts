import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the menus area calls (its `uses`, index.ts). */
export const MENUS_USES = ["audit", "pages", "menus"] as const;

export type MenusContext = ServiceContext<(typeof MENUS_USES)[number]>;
