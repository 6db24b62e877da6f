import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the library calls (its `uses`, index.ts). */
export const MEDIAS_USES = ["audit", "medias"] as const;
/** The areas whose services the library's import calls. */
export const MEDIA_IMPORT_USES = ["audit", "medias", "mediaImport"] as const;

export type MediasContext = ServiceContext<(typeof MEDIAS_USES)[number]>;
export type MediaImportContext = ServiceContext<(typeof MEDIA_IMPORT_USES)[number]>;
