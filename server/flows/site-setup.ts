import { conflict } from "../../common/errors.ts";
import { defaultFeatures } from "../../common/features.ts";
import type { ImportSetupInput, SetupInput } from "../../common/schemas/setup.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import type { Actor } from "../kernel/access.ts";
import { hashPassword, NO_PASSWORD } from "../modules/auth/password.ts";
import { REPEAT_WINDOW_SECONDS } from "../modules/settings/settings-service.ts";
import type { Services } from "../services.ts";

const ALREADY_SET_UP = "O site já foi configurado.";

/**
 * What the setup made a moment ago (REPEAT_WINDOW_SECONDS) and nobody has changed since, when its super
 * user's password opens it (a double click, a form posted twice on a slow connection); else a conflict.
 */
async function sameSetup(services: Services, input: SetupInput): Promise<{ settings: SettingsView; user: Actor }> {
  const settings = await services.settings.recentSetup();
  const user = settings && (await services.users.recentSuper(input.email, input.password, REPEAT_WINDOW_SECONDS));
  if (!settings || !user) throw conflict(ALREADY_SET_UP);
  return { settings, user };
}

/**
 * First-time setup: the settings and the first user (role super), once, in one transaction. The same
 * setup sent again a moment later gives what the first made.
 */
export async function setUpSite(
  services: Services,
  input: SetupInput,
): Promise<{ settings: SettingsView; user: Actor }> {
  if (await services.settings.get()) return sameSetup(services, input);
  const passwordHash = await hashPassword(input.password);
  return services.transaction(async (tx) => {
    const settings = await tx.settings.createFirst({
      title: input.title,
      email: input.use_as_public_email ? input.email : "",
      features: defaultFeatures,
    });
    // A simultaneous setup got there first: this one may be its copy.
    if (!settings) return sameSetup(tx, input);
    const user = await tx.users.createFirstSuper({ name: input.admin_name, email: input.email, passwordHash });
    return { settings, user };
  });
}

/**
 * The first-time setup of a site moved in from the command line before anyone opened it: the settings,
 * with its news switched on (a WordPress site has posts) and their menus, and its super user without a
 * password (none is made up for her: she chooses it with "Esqueci minha senha"). Refused once set up.
 */
export async function setUpImportedSite(services: Services, input: ImportSetupInput): Promise<Actor> {
  return services.transaction(async (tx) => {
    const features = { ...defaultFeatures, posts: { ...defaultFeatures.posts, enabled: true } };
    const settings = await tx.settings.createFirst({ title: input.title, email: "", features });
    if (!settings) throw conflict(ALREADY_SET_UP);
    await tx.menus.syncFeatureMenus(null, features);
    return tx.users.createFirstSuper({ name: input.admin_name, email: input.email, passwordHash: NO_PASSWORD });
  });
}
