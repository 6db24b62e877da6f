// The providers a shop can issue its notes through, by the name the settings keep: how to make each one's
// client and what the owner reads as its name. A second provider (NFE.io) is its client's file and a line here.
import type { FiscalEnvironment, FiscalProviderName } from "../../../common/schemas/fiscal.ts";
import type { FiscalProvider } from "./fiscal-provider.ts";
import { createFocusNfeClient } from "./focus-nfe-client.ts";
import type { RateLimiter } from "./rate-limit.ts";

export type ProviderOptions = {
  token: string;
  environment: FiscalEnvironment;
  /** Another host (the local fake in tests). */
  baseUrl?: string;
  limiter?: RateLimiter;
};

export const fiscalProviders: Record<
  FiscalProviderName,
  { label: string; create(options: ProviderOptions): FiscalProvider }
> = {
  focus_nfe: { label: "Focus NFe", create: (options) => createFocusNfeClient(options) },
};
