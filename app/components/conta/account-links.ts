import { type FeatureKey, type Features, featureKeys } from "../../../common/features.ts";
import { isAdmin, isSuper, type UserRole } from "../../../common/roles.ts";
import { accountPaths } from "../../../common/site-paths.ts";

export type AccountLink = { label: string; to: string };

/**
 * The account sidebar of docs/spec.md §§2, 6. Feature links follow the spec's
 * condition as written: every feature for admin, only enabled ones for super. The shop's feature
 * link (its settings, /conta/shop) comes with Notas fiscais (/conta/fiscal), Produtos, Pedidos (every order) and
 * Cupons, under the same condition; a customer's own orders are Meus pedidos. The members' feature (its public
 * page is "Associe-se") leads administrators to the register, Associados, and everyone signed in to Minha
 * associação while it is on. The audit log is the super users' alone.
 */
export function accountLinks(user: { role: UserRole }, features: Features | null): AccountLink[] {
  const { role } = user;
  const admin = isAdmin(user);
  const links: AccountLink[] = [];
  if (admin)
    links.push(
      { label: "Páginas", to: accountPaths.area("pages") },
      { label: "Menus", to: accountPaths.area("menus") },
      { label: "Redirecionamentos", to: accountPaths.area("redirects") },
    );
  const showFeature = (key: FeatureKey) => role === "admin" || (role === "super" && features?.[key].enabled === true);
  for (const key of featureKeys) {
    const feature = features?.[key];
    if (!feature || !showFeature(key)) continue;
    if (key === "members") {
      links.push({ label: "Associados", to: accountPaths.area("membros") });
      continue;
    }
    links.push({ label: feature.title, to: accountPaths.area(key) });
    if (key === "shop")
      links.push(
        { label: "Notas fiscais", to: accountPaths.area("fiscal") },
        { label: "Produtos", to: accountPaths.area("produtos") },
        { label: "Pedidos", to: accountPaths.area("pedidos") },
        { label: "Cupons", to: accountPaths.area("cupons") },
      );
  }
  if (admin) {
    links.push(
      { label: "Contatos", to: accountPaths.area("contacts") },
      { label: "E-mails", to: accountPaths.area("emails") },
      { label: "Usuários", to: accountPaths.area("users") },
      { label: "Configurações", to: accountPaths.area("settings") },
      { label: "Importar do WordPress", to: accountPaths.wordpressImports },
    );
  }
  if (isSuper(user)) links.push({ label: "Auditoria", to: accountPaths.area("auditoria") });
  if (role === "user") links.push({ label: "Meus pedidos", to: accountPaths.area("pedidos") });
  if (features?.members.enabled) links.push({ label: "Minha associação", to: accountPaths.membership });
  links.push({ label: "Meus dados", to: accountPaths.area("profile") });
  return links;
}
