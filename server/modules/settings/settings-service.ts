import { and, eq, gt, sql } from "drizzle-orm";
import { conflict, forbidden, invalid } from "../../../common/errors.ts";
import { defaultFeatures } from "../../../common/features.ts";
import { DEFAULT_AUDIT_RETENTION_DAYS, type SettingsValues } from "../../../common/schemas/settings.ts";
import type { ImportSetupInput, SetupInput } from "../../../common/schemas/setup.ts";
import type { SettingsSecurityView, SettingsView } from "../../../common/views/settings.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, isSuper, requireAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { type Memo, readThrough } from "../../kernel/memo.ts";
import { hashPassword, NO_PASSWORD, verifyPassword } from "../auth/password.ts";
import { users } from "../users/tables.ts";
import { SETTINGS_AUDIT_LABEL, settingsAuditFields } from "./settings-audit.ts";
import { toSecurityView, toSettingsView } from "./settings-view.ts";
import { settings } from "./tables.ts";

const ALREADY_SET_UP = "O site já foi configurado.";
const HOME_PAGE_UNPUBLISHED = "Escolha uma página publicada";
export const SECURITY_SUPER_ONLY =
  "Apenas um usuário Super pode alterar a verificação em duas etapas e o prazo do registro de auditoria.";
const SECURITY_FIELD_SUPER_ONLY = "Apenas um usuário Super pode alterar este campo";

/** What the site has before the first-time setup, and the columns' defaults. */
const DEFAULT_SECURITY: SettingsSecurityView = {
  require_two_factor: false,
  audit_retention_days: DEFAULT_AUDIT_RETENTION_DAYS,
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

export function createSettingsService(context: ServiceContext, cache: Memo<StoredSettings | null>) {
  const { db } = context;
  const stored = (): Promise<StoredSettings | null> => readThrough(context, cache, () => readSettings(db));
  const get = async (): Promise<SettingsView | null> => (await stored())?.view ?? null;

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
     * The first-time setup of a site moved in from the command line before anyone opened it: the
     * settings, with its news switched on (a WordPress site has posts), and its super user without a
     * password (none is made up for her: she chooses it with "Esqueci minha senha"). Refused once set up.
     */
    async setupForImport(input: ImportSetupInput): Promise<Actor> {
      return context.transaction(async ({ services, db: tx, announce }) => {
        const features = { ...defaultFeatures, posts: { ...defaultFeatures.posts, enabled: true } };
        const [row] = await tx
          .insert(settings)
          .values({ id: 1, title: input.title, email: "", features })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict(ALREADY_SET_UP);
        await services.menus.syncFeatureMenus(null, features);
        const user = await services.users.createFirstSuper({
          name: input.admin_name,
          email: input.email,
          passwordHash: NO_PASSWORD,
        });
        announce(settingsChanged);
        return user;
      });
    },

    /**
     * Where the site's notices go when nothing more precise is set: its public e-mail, else every
     * administrator (the setup leaves the public e-mail empty unless asked, and a sale must not go untold).
     */
    async noticeAddresses(): Promise<{ source: "site" | "admins"; addresses: string[] }> {
      const email = (await get())?.email;
      if (email) return { source: "site", addresses: [email] };
      return { source: "admins", addresses: await context.services.users.adminEmails() };
    },

    /**
     * Makes a published page the home when the site has none chosen (a moved-in site's front page),
     * with its audit entry; false when one is chosen already or the page is not published.
     */
    async chooseHomePage(actor: Actor | null, pageId: number): Promise<boolean> {
      const admin = requireAdmin(actor);
      return context.transaction(async ({ services, db: tx, announce }) => {
        const [before] = await tx.select().from(settings).where(eq(settings.id, 1)).for("update");
        if (!before || before.homePageId !== null || !(await services.pages.lockPublished(pageId))) return false;
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
     * Saves the settings with their effects on the menus (docs/spec.md §4) and their audit entry, in one
     * transaction (the caller's when there is one). The security settings are a super user's: an
     * administrator's different value is refused (403), an absent one keeps what is stored.
     * `sessionToken` is the session saving them: the one of hers that outlives requiring a second factor.
     */
    async update(
      actor: Actor | null,
      values: SettingsValues,
      sessionToken: string | null = null,
    ): Promise<SettingsView> {
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
            requireTwoFactor,
            auditRetentionDays,
            updatedAt: new Date(),
          })
          .where(eq(settings.id, 1))
          .returning();
        if (!row) throw new Error("settings update returned nothing");
        await services.menus.syncFeatureMenus(before.features, values.features);
        // Required from now on, not from the next sign-in: no other administrator's session opened with the password alone stays.
        if (requireTwoFactor && !before.requireTwoFactor)
          await services.auth.endSessionsWithoutSecondFactor(admin.id, sessionToken);
        await services.audit.record({
          actor: admin,
          action: "settings.updated",
          recordLabel: SETTINGS_AUDIT_LABEL,
          before: settingsAuditFields(before),
          after: settingsAuditFields(row),
        });
        announce(settingsChanged);
        return toSettingsView(row);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
