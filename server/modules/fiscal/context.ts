import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the notas fiscais call (its `uses`, index.ts). */
export const FISCAL_USES = ["audit", "mail", "shop"] as const;

export type FiscalContext = ServiceContext<(typeof FISCAL_USES)[number]>;
