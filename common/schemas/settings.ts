import { featureKeys } from "../features.ts";
import { fonts } from "../fonts.ts";
import { optionalFileAddressField, optionalText, requiredText, webAddressField, z } from "../zod.ts";
import { idField } from "./id.ts";

export const COLOR_INVALID = "Cor inválida: use o formato #rrggbb (ex.: #523d38)";

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, COLOR_INVALID)
  .transform((value) => value.toLowerCase());

const optionalUrl = webAddressField("Informe um endereço começando com http:// ou https://");

/** An uploaded file's url (relative to the file storage) or an absolute http(s) url; empty clears it. */
const fileUrl = z.preprocess(
  (value) => (value !== null && typeof value === "object" && "url" in value ? value.url : value),
  optionalFileAddressField("Endereço de arquivo inválido"),
);

export const MIN_AUDIT_RETENTION_DAYS = 30;
/** Ten years. */
export const MAX_AUDIT_RETENTION_DAYS = 3650;
/** Two years. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;
export const AUDIT_RETENTION_INVALID = `Informe de ${MIN_AUDIT_RETENTION_DAYS} a ${MAX_AUDIT_RETENTION_DAYS} dias`;

/** Whole days: a JSON number, or the digits a form sends; absent keeps the stored period. */
const auditRetentionDays = z.preprocess((value) => {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return Number.NaN;
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}, z
  .number({ error: AUDIT_RETENTION_INVALID })
  .int(AUDIT_RETENTION_INVALID)
  .min(MIN_AUDIT_RETENTION_DAYS, AUDIT_RETENTION_INVALID)
  .max(MAX_AUDIT_RETENTION_DAYS, AUDIT_RETENTION_INVALID)
  .optional());

const feature = z.object({
  title: requiredText(60),
  url: z
    .string()
    .trim()
    .regex(/^\/[a-z0-9-]+$/, "Use um caminho como /noticias"),
  // A form's unticked box sends nothing.
  enabled: z.boolean().default(false),
});

export const settingsSchema = z.object({
  title: requiredText(120),
  description: optionalText(500),
  font: z.enum(fonts, "Escolha uma das fontes disponíveis").default("Montserrat"),
  primary_color: color.default("#523d38"),
  secondary_color: color.default("#e1846d"),
  site_logo: fileUrl,
  site_cover: fileUrl,
  site_favicon: fileUrl,
  site_footer_logo: z.union([z.literal(0), z.literal(1)]).default(0),
  contact: optionalText(2000),
  email: z
    .string()
    .trim()
    .refine((value) => value === "" || z.email().safeParse(value).success, "Informe um e-mail válido")
    .default(""),
  url_facebook: optionalUrl,
  url_instagram: optionalUrl,
  url_twitter: optionalUrl,
  url_youtube: optionalUrl,
  gtag: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || /^(G|GT|AW|UA)-[A-Z0-9-]{4,20}$/i.test(value),
      "Código do Google Analytics inválido (ex.: G-XXXXXXX)",
    )
    .default(""),
  /** A published page shown at / instead of the default home; null keeps the default. */
  home_page_id: idField().nullable().default(null),
  features: z.object(
    Object.fromEntries(featureKeys.map((key) => [key, feature])) as Record<
      (typeof featureKeys)[number],
      typeof feature
    >,
  ),
  /**
   * The site's security, changed by super users only (an administrator's different value is refused);
   * absent keeps what is stored, so an administrator's form, which does not show them, saves the rest.
   */
  require_two_factor: z
    .boolean("Informe sim ou não")
    .optional()
    .meta({ description: "Administrators and super users must sign in with a second step (super users only)." }),
  audit_retention_days: auditRetentionDays.meta({
    description: `Days the audit log keeps an entry, ${MIN_AUDIT_RETENTION_DAYS} to ${MAX_AUDIT_RETENTION_DAYS} (super users only).`,
  }),
});

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsValues = z.infer<typeof settingsSchema>;
