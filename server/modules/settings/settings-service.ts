import { and, eq } from "drizzle-orm";
import { conflict, invalid } from "../../../common/errors.ts";
import { defaultFeatures } from "../../../common/features.ts";
import type { SettingsValues } from "../../../common/schemas/settings.ts";
import type { SetupInput } from "../../../common/schemas/setup.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import { hashPassword } from "../auth/password.ts";
import { pages } from "../content/tables.ts";
import { syncFeatureMenus } from "../menus/feature-menus.ts";
import { users } from "../users/tables.ts";
import { type SettingsView, toSettingsView } from "./settings-view.ts";
import { settings } from "./tables.ts";

export const ALREADY_SET_UP = "O site já foi configurado.";
export const HOME_PAGE_UNPUBLISHED = "Escolha uma página publicada";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "settings.changed": undefined;
  }
}

/** The settings row as the site shows it, or null before the first-time setup. */
export async function readSettings(db: Db): Promise<SettingsView | null> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  return row ? toSettingsView(row) : null;
}

export function createSettingsService(context: ServiceContext, cache: Memo<SettingsView | null>) {
  const { db } = context;
  const get = (): Promise<SettingsView | null> => readThrough(context, cache, () => readSettings(db));
  const changed = (): void => context.announce({ name: "settings.changed", payload: undefined });

  return {
    /** The settings, or null before the first-time setup. */
    get,

    /** First-time setup: creates the settings and the first user (role super), once. */
    async setup(input: SetupInput): Promise<{ settings: SettingsView; user: Actor }> {
      if (await get()) throw conflict(ALREADY_SET_UP);
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await db.transaction(async (tx) => {
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
          if (!row) throw conflict(ALREADY_SET_UP);
          const [user] = await tx
            .insert(users)
            .values({ name: input.admin_name, email: input.email, passwordHash, role: "super" })
            .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
          if (!user) throw new Error("user insert returned nothing");
          return { settings: toSettingsView(row), user };
        });
        return result;
      } finally {
        changed();
      }
    },

    async update(values: SettingsValues): Promise<SettingsView> {
      try {
        return await db.transaction(async (tx) => {
          const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
          if (!before) throw conflict("O site ainda não foi configurado.");
          if (values.home_page_id !== null) {
            // Locked until we commit, so the page cannot be unpublished or deleted in between.
            const [page] = await tx
              .select({ id: pages.id })
              .from(pages)
              .where(and(eq(pages.id, values.home_page_id), eq(pages.status, "published")))
              .for("share");
            if (!page) {
              throw invalid("Verifique os campos destacados.", { home_page_id: [HOME_PAGE_UNPUBLISHED] });
            }
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
              originPostalCode: values.origin_postal_code,
              features: values.features,
              homePageId: values.home_page_id,
              updatedAt: new Date(),
            })
            .where(eq(settings.id, 1))
            .returning();
          if (!row) throw new Error("settings update returned nothing");
          await syncFeatureMenus(tx, before.features, values.features);
          return toSettingsView(row);
        });
      } finally {
        changed();
      }
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
