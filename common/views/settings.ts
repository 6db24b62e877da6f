import { type FeatureKey, featureKeys } from "../features.ts";
import { z } from "../zod.ts";
import { timestampSchema } from "./timestamp.ts";

/** An uploaded image the site shows (logo, cover, favicon), or null when none was chosen. */
const fileRefSchema = z.strictObject({ url: z.string() }).nullable();

const featureSchema = z.strictObject({ title: z.string(), url: z.string(), enabled: z.boolean() });

/** Settings as the API and the app see them (docs/spec.md §3 field names). */
export const settingsViewSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  font: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  site_logo: fileRefSchema,
  site_cover: fileRefSchema,
  site_favicon: fileRefSchema,
  site_footer_logo: z.number().int(),
  contact: z.string(),
  email: z.string(),
  url_facebook: z.string(),
  url_instagram: z.string(),
  url_twitter: z.string(),
  url_youtube: z.string(),
  gtag: z.string(),
  features: z.strictObject(
    Object.fromEntries(featureKeys.map((key) => [key, featureSchema])) as Record<FeatureKey, typeof featureSchema>,
  ),
  home_page_id: z
    .number()
    .int()
    .nullable()
    .meta({ description: "A published page shown at / instead of the default home; null keeps the default." }),
  updated_at: timestampSchema,
});
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** The site's security settings: administrators read them, super users change them (POST /api/settings). */
export const settingsSecurityViewSchema = z.strictObject({
  require_two_factor: z
    .boolean()
    .meta({ description: "Administrators and super users must sign in with a second step (TOTP)." }),
  audit_retention_days: z.number().int().meta({ description: "Days the audit log keeps an entry." }),
});
export type SettingsSecurityView = z.infer<typeof settingsSecurityViewSchema>;
