import { and, eq, gt, sql } from "drizzle-orm";
import { conflict, invalid } from "../../../common/errors.ts";
import { defaultFeatures } from "../../../common/features.ts";
import type { SettingsValues } from "../../../common/schemas/settings.ts";
import type { SetupInput } from "../../../common/schemas/setup.ts";
import type { SettingsView } from "../../../common/views/settings.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { users } from "../users/tables.ts";
import { toSettingsView } from "./settings-view.ts";
import { settings } from "./tables.ts";

const ALREADY_SET_UP = "O site já foi configurado.";
const HOME_PAGE_UNPUBLISHED = "Escolha uma página publicada";
/**
 * The setup sent again within this time with the e-mail and password of the super user it made is the
 * same setup (a double click, a form posted twice on a slow connection): it is answered as the first was.
 */
export const REPEAT_WINDOW_SECONDS = 10;

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "settings.changed": undefined;
  }
}

/** The settings row as the site shows it, or null before the first-time setup. */
async function readSettings(db: Db): Promise<SettingsView | null> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  return row ? toSettingsView(row) : null;
}

const settingsChanged = { name: "settings.changed", payload: undefined } as const;

export function createSettingsService(context: ServiceContext, cache: Memo<SettingsView | null>) {
  const { db } = context;
  const get = (): Promise<SettingsView | null> => readThrough(context, cache, () => readSettings(db));

  /**
   * What the setup made a moment ago (REPEAT_WINDOW_SECONDS) and nobody has changed since, when its super
   * user's password opens it; else a conflict.
   */
  async function sameSetup(input: SetupInput, on: Db): Promise<{ settings: SettingsView; user: Actor }> {
    const recent = sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`;
    const [row] = await on
      .select()
      .from(settings)
      // Settings saved since are a site that has moved on: the setup is over.
      .where(and(eq(settings.id, 1), gt(settings.createdAt, recent), eq(settings.updatedAt, settings.createdAt)))
      .limit(1);
    const [admin] = row
      ? await on
          .select({ id: users.id, name: users.name, email: users.email, role: users.role, hash: users.passwordHash })
          .from(users)
          .where(and(eq(users.email, input.email), eq(users.role, "super"), gt(users.createdAt, recent)))
          .limit(1)
      : [];
    if (!row || !admin || !(await verifyPassword(input.password, admin.hash))) throw conflict(ALREADY_SET_UP);
    const { hash: _, ...user } = admin;
    return { settings: toSettingsView(row), user };
  }

  return {
    /** The settings, or null before the first-time setup. */
    get,

    /**
     * First-time setup: creates the settings and the first user (role super), once, in one
     * transaction (the caller's when there is one). The same setup sent again a moment later gives what
     * the first made (sameSetup).
     */
    async setup(input: SetupInput): Promise<{ settings: SettingsView; user: Actor }> {
      if (await get()) return sameSetup(input, db);
      const passwordHash = await hashPassword(input.password);
      return context.transaction(async ({ services, db: tx, announce }) => {
        const [row] = await tx
          .insert(settings)
          .values({
            id: 1,
            title: input.title,
            email: input.use_as_public_email ? input.email : "",
            features: defaultFeatures,
          })
          .onConflictDoNothing()
          .returning();
        // A simultaneous setup got there first: this one may be its copy.
        if (!row) return sameSetup(input, tx);
        const user = await services.users.createFirstSuper({
          name: input.admin_name,
          email: input.email,
          passwordHash,
        });
        announce(settingsChanged);
        return { settings: toSettingsView(row), user };
      });
    },

    /**
     * Saves the settings with their effects on the menus (docs/spec.md §4), in one transaction (the
     * caller's when there is one).
     */
    async update(values: SettingsValues): Promise<SettingsView> {
      return context.transaction(async ({ services, db: tx, announce }) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
        if (!before) throw conflict("O site ainda não foi configurado.");
        // The page stays locked until we commit, so it cannot be unpublished or deleted in between.
        if (values.home_page_id !== null && !(await services.pages.lockPublished(values.home_page_id))) {
          throw invalid("Verifique os campos destacados.", { home_page_id: [HOME_PAGE_UNPUBLISHED] });
        }
        const [row] = await tx
          .update(settings)
          .set({
            title: values.title,
            description: values.description,
            font: values.font,
            primaryColor: values.primary_color,
            secondaryColor: values.secondary_color,
            siteLogo: values.site_logo,
            siteCover: values.site_cover,
            siteFavicon: values.site_favicon,
            siteFooterLogo: values.site_footer_logo,
            contact: values.contact,
            email: values.email,
            urlFacebook: values.url_facebook,
            urlInstagram: values.url_instagram,
            urlTwitter: values.url_twitter,
            urlYoutube: values.url_youtube,
            gtag: values.gtag,
            features: values.features,
            homePageId: values.home_page_id,
            updatedAt: new Date(),
          })
          .where(eq(settings.id, 1))
          .returning();
        if (!row) throw new Error("settings update returned nothing");
        await services.menus.syncFeatureMenus(before.features, values.features);
        announce(settingsChanged);
        return toSettingsView(row);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
