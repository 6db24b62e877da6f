import { defaultFeatures, type FeatureKey } from "../../common/features.ts";
import type { Services } from "./context.server.ts";

/** A feature's name as the settings give it (docs/spec.md §2: the sidebar and its screens use it). */
export async function featureTitle(services: Services, key: FeatureKey): Promise<string> {
  return (await services.settings.get())?.features[key].title ?? defaultFeatures[key].title;
}
