import type { AppContext } from "../../common/app-context.ts";
import { defaultFeatures, type FeatureKey } from "../../common/features.ts";

/** A feature's name as the settings give it (spec §2: the sidebar and its screens use it). */
export async function featureTitle(services: AppContext["services"], key: FeatureKey): Promise<string> {
  return (await services.settings.get())?.features[key].title ?? defaultFeatures[key].title;
}
