import { type FeatureKey, type Features, featureKeys } from "../../../common/features.ts";
import type { UserRole } from "../../../common/roles.ts";

export type AccountLink = { label: string; to: string };

/**
 * The account sidebar of spec §§2, 6. Feature links follow the spec's
 * condition as written: every feature for admin, only enabled ones for super.
 */
export function accountLinks(role: UserRole, features: Features | null): AccountLink[] {
  const admin = role === "admin" || role === "super";
  const links: AccountLink[] = [];
  if (admin) links.push({ label: "Páginas", to: "/conta/pages" }, { label: "Menus", to: "/conta/menus" });
  const showFeature = (key: FeatureKey) => role === "admin" || (role === "super" && features?.[key].enabled === true);
  for (const key of featureKeys) {
    const feature = features?.[key];
    if (feature && showFeature(key)) links.push({ label: feature.title, to: `/conta/${key}` });
  }
  if (admin) {
    links.push(
      { label: "Contatos", to: "/conta/contacts" },
      { label: "Usuários", to: "/conta/users" },
      { label: "Configurações", to: "/conta/settings" },
    );
  }
  if (role === "user") links.push({ label: "Meus pedidos", to: "/conta/pedidos" });
  links.push({ label: "Meus dados", to: "/conta/profile" });
  return links;
}
