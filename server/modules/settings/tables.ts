import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import type { Features } from "../../../common/features.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";
import { pages } from "../content/tables.ts";

/** The site's global settings: one row (id = 1) once the first-time setup ran. */
export const settings = pgTable(
  "settings",
  {
    id: smallint("id").primaryKey().default(1),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    font: text("font").notNull().default("Montserrat"),
    primaryColor: text("primary_color").notNull().default("#523d38"),
    secondaryColor: text("secondary_color").notNull().default("#e1846d"),
    siteLogo: text("site_logo"),
    siteCover: text("site_cover"),
    siteFavicon: text("site_favicon"),
    siteFooterLogo: smallint("site_footer_logo").notNull().default(0),
    contact: text("contact").notNull().default(""),
    email: text("email").notNull().default(""),
    urlFacebook: text("url_facebook").notNull().default(""),
    urlInstagram: text("url_instagram").notNull().default(""),
    urlTwitter: text("url_twitter").notNull().default(""),
    urlYoutube: text("url_youtube").notNull().default(""),
    gtag: text("gtag").notNull().default(""),
    features: jsonb("features").$type<Features>().notNull(),
    /** A published page shown at / instead of the default home; null keeps the default. */
    homePageId: integer("home_page_id").references((): AnyPgColumn => pages.id, { onDelete: "set null" }),
    /** Administrators and super users must sign in with a second step (TOTP); set by a super user. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /** How long the audit log keeps an entry; the job runner removes older ones. */
    auditRetentionDays: integer("audit_retention_days").notNull().default(730),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [check("settings_single_row", sql`${table.id} = 1`)],
);
