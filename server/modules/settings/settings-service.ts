import { and, eq, gt, sql } from "drizzle-orm";
import { conflict, forbidden } from "../../../common/errors.ts";
import type { Features } from "../../../common/features.ts";
import { DEFAULT_AUDIT_RETENTION_DAYS, type SettingsValues } from "../../../common/schemas/settings.ts";
import type { SettingsSecurityView, SettingsView } from "../../../common/views/settings.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, isSuper, requireAdmin } from "../../kernel/access.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import type { SettingsContext } from "./context.ts";
import { SETTINGS_AUDIT_LABEL, settingsAuditFields } from "./settings-audit.ts";
import { toSecurityView, toSettingsView } from "./settings-view.ts";
import { settings } from "./tables.ts";

export const SECURITY_SUPER_ONLY =
  "Apenas um usuário Super pode alterar a verificação em duas etapas e o prazo do registro de auditoria.";
const SECURITY_FIELD_SUPER_ONLY = "Apenas um usuário Super pode alterar este campo";

/** What the site has before the first-time setup, and the columns' defaults. */
const DEFAULT_SECURITY: SettingsSecurityView = {
  require_two_factor: false,
  audit_retention_days: DEFAULT_AUDIT_RETENTION_DAYS,
};

/** What saving the settings changed that other areas follow. */
export type SettingsUpdate = {
  settings: SettingsView;
  /** The features before this save: the menus follow the change (docs/spec.md §4). */
  featuresBefore: Features;
  /** The second factor was just required: sessions opened with the password alone end. */
  twoFactorNewlyRequired: boolean;
};

/** The settings as the site shows them and the security settings, read and kept together. */
export type StoredSettings = { view: SettingsView; security: SettingsSecurityView };
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

/** The settings row as the site shows it and its security part, or null before the first-time setup. */
async function readSettings(db: Db): Promise<StoredSettings | null> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1)).limit(1);
  return row ? { view: toSettingsView(row), security: toSecurityView(row) } : null;
}

const settingsChanged = { name: "settings.changed", payload: undefined } as const;

export function createSettingsService(context: SettingsContext, cache: Memo<StoredSettings | null>) {
  const { db } = context;
  const stored = (): Promise<StoredSettings | null> => readThrough(context, cache, () => readSettings(db));
  const get = async (): Promise<SettingsView | null> => (await stored())?.view ?? null;

  return {
    /** The settings, or null before the first-time setup. */
    get,

    /**
     * The settings of a site set up now (the first-time setup, or one moved in from the command line):
     * null when the site is set up already, also by a simultaneous setup whose row got there first.
     */
    async createFirst(values: { title: string; email: string; features: Features }): Promise<SettingsView | null> {
      const [row] = await db
        .insert(settings)
        .values({ id: 1, title: values.title, email: values.email, features: values.features })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      context.announce(settingsChanged);
      return toSettingsView(row);
    },

    /**
     * The settings when the setup made them a moment ago (REPEAT_WINDOW_SECONDS) and nobody has changed
     * them since (settings saved since are a site that has moved on: the setup is over); else null.
     */
    async recentSetup(): Promise<SettingsView | null> {
      const recent = sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`;
      const [row] = await db
        .select()
        .from(settings)
        .where(and(eq(settings.id, 1), gt(settings.createdAt, recent), eq(settings.updatedAt, settings.createdAt)))
        .limit(1);
      return row ? toSettingsView(row) : null;
    },

    /**
     * Makes a page the home when the site has none chosen (a moved-in site's front page), with its audit
     * entry; false when one is chosen already. The caller has locked the page as published
     * (server/flows/site-settings.ts).
     */
    async chooseHomePage(actor: Actor | null, pageId: number): Promise<boolean> {
      const admin = requireAdmin(actor);
      return context.transaction(async ({ services, db: tx, announce }) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
        if (!before || before.homePageId !== null) return false;
        const [row] = await tx
          .update(settings)
          .set({ homePageId: pageId, updatedAt: new Date() })
          .where(eq(settings.id, 1))
          .returning();
        if (!row) throw new Error("settings update returned nothing");
        await services.audit.record({
          actor: admin,
          action: "settings.updated",
          recordLabel: SETTINGS_AUDIT_LABEL,
          before: settingsAuditFields(before),
          after: settingsAuditFields(row),
        });
        announce(settingsChanged);
        return true;
      });
    },

    /** Whether administrators sign in with a second step, and how long the audit log keeps an entry. */
    async security(): Promise<SettingsSecurityView> {
      return (await stored())?.security ?? DEFAULT_SECURITY;
    },

    /** The security settings for the account area: administrators read them (super users change them). */
    async securityFor(actor: Actor | null): Promise<SettingsSecurityView> {
      requireAdmin(actor);
      return (await stored())?.security ?? DEFAULT_SECURITY;
    },

    /**
     * Saves the settings with their audit entry, in one transaction (the caller's when there is one), and
     * answers what changed for the other areas (server/flows/site-settings.ts: the menus, the sessions).
     * The security settings are a super user's: an administrator's different value is refused (403), an
     * absent one keeps what is stored. The chosen home page is locked published by the caller.
     */
    async update(actor: Actor | null, values: SettingsValues): Promise<SettingsUpdate> {
      const admin = requireAdmin(actor);
      return context.transaction(async ({ services, db: tx, announce }) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
        if (!before) throw conflict("O site ainda não foi configurado.");
        const requireTwoFactor = values.require_two_factor ?? before.requireTwoFactor;
        const auditRetentionDays = values.audit_retention_days ?? before.auditRetentionDays;
        if (!isSuper(admin)) {
          const errors: Record<string, string[]> = {};
          if (requireTwoFactor !== before.requireTwoFactor) errors.require_two_factor = [SECURITY_FIELD_SUPER_ONLY];
          if (auditRetentionDays !== before.auditRetentionDays)
            errors.audit_retention_days = [SECURITY_FIELD_SUPER_ONLY];
          if (Object.keys(errors).length > 0) throw forbidden(SECURITY_SUPER_ONLY, errors);
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
            requireTwoFactor,
            auditRetentionDays,
            updatedAt: new Date(),
          })
          .where(eq(settings.id, 1))
          .returning();
        if (!row) throw new Error("settings update returned nothing");
        await services.audit.record({
          actor: admin,
          action: "settings.updated",
          recordLabel: SETTINGS_AUDIT_LABEL,
          before: settingsAuditFields(before),
          after: settingsAuditFields(row),
        });
        announce(settingsChanged);
        return {
          settings: toSettingsView(row),
          featuresBefore: before.features,
          twoFactorNewlyRequired: requireTwoFactor && !before.requireTwoFactor,
        };
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
