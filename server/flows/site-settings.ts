import { invalid } from "../../common/errors.ts";
import type { SettingsValues } from "../../common/schemas/settings.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import type { Actor } from "../kernel/access.ts";
import type { Services } from "../services.ts";

const HOME_PAGE_UNPUBLISHED = "Escolha uma página publicada";

/**
 * Saves the settings with their effects, in one transaction: the chosen home page locked published until
 * the commit (so it cannot be unpublished or deleted in between), the settings and their audit entry, the
 * menus following the features (docs/spec.md §4), and, when a second factor has just been required, the
 * end of every administrator's session opened with the password alone but `sessionToken`, the one saving
 * them (required from now on, not from the next sign-in).
 */
export async function saveSiteSettings(
  services: Services,
  actor: Actor | null,
  values: SettingsValues,
  sessionToken: string | null = null,
): Promise<SettingsView> {
  return services.transaction(async (tx) => {
    if (values.home_page_id !== null && !(await tx.pages.lockPublished(values.home_page_id)))
      throw invalid("Verifique os campos destacados.", { home_page_id: [HOME_PAGE_UNPUBLISHED] });
    const saved = await tx.settings.update(actor, values);
    await tx.menus.syncFeatureMenus(saved.featuresBefore, values.features);
    if (saved.twoFactorNewlyRequired && actor) await tx.auth.endSessionsWithoutSecondFactor(actor.id, sessionToken);
    return saved.settings;
  });
}

/**
 * Makes a published page the home when the site has none chosen (a moved-in site's front page); false
 * when one is chosen already or the page is not published.
 */
export async function chooseHomePage(services: Services, actor: Actor | null, pageId: number): Promise<boolean> {
  return services.transaction(
    async (tx) => (await tx.pages.lockPublished(pageId)) && tx.settings.chooseHomePage(actor, pageId),
  );
}
