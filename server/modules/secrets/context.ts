import type { ServiceContext } from "../../kernel/area.ts";

/** The areas whose services the secrets at rest area calls (its `uses`, index.ts). */
export const SECRETS_USES = ["auth", "fiscal", "members", "shop"] as const;

export type SecretsContext = ServiceContext<(typeof SECRETS_USES)[number]>;
