import { notFound } from "../../../common/errors.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { ServicesOf } from "../../services.ts";

export const SHOP_CLOSED = "A loja não está disponível.";

/**
 * While the `shop` feature is off, the catalogue, the cart and the quotes are not there for anyone but
 * the administrators preparing it: a 404, as for the shop's pages.
 */
export async function requireShopOpen(
  services: Pick<ServicesOf<"settings">, "settings">,
  actor: Actor | null,
): Promise<void> {
  if (isAdmin(actor)) return;
  const settings = await services.settings.get();
  if (!settings?.features.shop.enabled) throw notFound(SHOP_CLOSED);
}
