import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the settings area calls (its `uses`, index.ts). */
export const SETTINGS_USES = ["audit", "settings"] as const;

export type SettingsContext = ServiceContext<(typeof SETTINGS_USES)[number]>;
