import { defaultFeatures, featureKeys } from "../../../common/features.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { settings } from "./tables.ts";

/** The name a settings entry shows for its record (there is one row of settings). */
export const SETTINGS_AUDIT_LABEL = "Configurações do site";

/**
 * The settings as their audit entries show them: one field per thing /conta/settings sets, named as the
 * form names it; each feature by the name it has by default, so a renamed feature is still recognised.
 */
export function settingsAuditFields(row: typeof settings.$inferSelect): AuditFields {
  const fields: Record<string, unknown> = {
    Título: row.title,
    Descrição: row.description,
    "Página inicial (id)": row.homePageId,
    Fonte: row.font,
    "Cor primária": row.primaryColor,
    "Cor secundária": row.secondaryColor,
    Logo: row.siteLogo,
    "Imagem de capa": row.siteCover,
    Favicon: row.siteFavicon,
    "Mostrar o logo no rodapé": row.siteFooterLogo === 1,
    Contato: row.contact,
    "E-mail": row.email,
    Facebook: row.urlFacebook,
    Instagram: row.urlInstagram,
    Twitter: row.urlTwitter,
    YouTube: row.urlYoutube,
    "Google Analytics (gtag)": row.gtag,
    "Exigir verificação em duas etapas para administradores": row.requireTwoFactor,
    "Guardar o registro de auditoria por (dias)": row.auditRetentionDays,
  };
  for (const key of featureKeys) {
    const feature = row.features[key];
    const name = `Recurso ${defaultFeatures[key].title}`;
    fields[`${name}: título`] = feature.title;
    fields[`${name}: endereço`] = feature.url;
    fields[`${name}: ativado`] = feature.enabled;
  }
  return fields;
}
