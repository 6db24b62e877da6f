import type { Features } from "../../../common/features.ts";
import type { settings } from "./tables.ts";

type FileRef = { url: string } | null;

/** Settings as the API and the app see them (spec §3 field names). */
export type SettingsView = {
  title: string;
  description: string;
  font: string;
  primary_color: string;
  secondary_color: string;
  site_logo: FileRef;
  site_cover: FileRef;
  site_favicon: FileRef;
  site_footer_logo: number;
  contact: string;
  email: string;
  url_facebook: string;
  url_instagram: string;
  url_twitter: string;
  url_youtube: string;
  gtag: string;
  origin_postal_code: string;
  features: Features;
  /** A published page shown at / instead of the default home; null keeps the default. */
  home_page_id: number | null;
  updated_at: string;
};

const fileRef = (url: string | null): FileRef => (url ? { url } : null);

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
    origin_postal_code: row.originPostalCode,
    features: row.features,
    home_page_id: row.homePageId,
    updated_at: row.updatedAt.toISOString(),
  };
}
