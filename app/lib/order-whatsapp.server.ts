import { absoluteUrl } from "../../common/seo.ts";
import { accountPaths } from "../../common/site-paths.ts";
import type { OrderView } from "../../common/views/orders.ts";
import { orderWhatsappMessage, whatsappLink } from "../../common/whatsapp.ts";
import type { AppContext } from "./context.server.ts";

/**
 * "Fale conosco pelo WhatsApp" on a customer's own order: its number, the site's name and, with BASE_URL, the
 * order's address. Null without the shop's number, and for an administrator looking at someone else's order.
 */
export async function orderWhatsappHref(
  { services, actor }: Pick<AppContext, "services" | "actor">,
  order: Pick<OrderView, "id" | "number" | "customer">,
): Promise<string | null> {
  if (!actor || order.customer.user_id !== actor.id) return null;
  const [{ whatsapp }, site] = await Promise.all([services.shop.storefront(), services.settings.get()]);
  if (!whatsapp) return null;
  const address = absoluteUrl(services.config.BASE_URL, accountPaths.order(order.id));
  return whatsappLink(whatsapp, orderWhatsappMessage(order.number, site?.title ?? "loja", address));
}
