import type { SettingsSecurityView, SettingsView } from "../../../common/views/settings.ts";
import type { settings } from "./tables.ts";

const fileRef = (url: string | null): SettingsView["site_logo"] => (url ? { url } : null);

/** The settings row as the API and the app see it (common/views/settings.ts). */
export function toSettingsView(row: typeof settings.$inferSelect): SettingsView {
  return {
    title: row.title,
    description: row.description,
    font: row.font,
    primary_color: row.primaryColor,
    secondary_color: row.secondaryColor,
    site_logo: fileRef(row.siteLogo),
    site_cover: fileRef(row.siteCover),
    site_favicon: fileRef(row.siteFavicon),
    site_footer_logo: row.siteFooterLogo,
    contact: row.contact,
    email: row.email,
    url_facebook: row.urlFacebook,
    url_instagram: row.urlInstagram,
    url_twitter: row.urlTwitter,
    url_youtube: row.urlYoutube,
    gtag: row.gtag,
    features: row.features,
    home_page_id: row.homePageId,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The security part of the settings row (common/views/settings.ts). */
export function toSecurityView(row: typeof settings.$inferSelect): SettingsSecurityView {
  return { require_two_factor: row.requireTwoFactor, audit_retention_days: row.auditRetentionDays };
}
