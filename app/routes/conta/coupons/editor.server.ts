import { couponSchema } from "../../../../common/schemas/coupons.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { CouponView } from "../../../../common/views/coupons.ts";
import type { SignedInApp } from "../../../lib/guards.server.ts";
import { recordEditor } from "../../../lib/record-routes.server.ts";

/** The products a coupon may be limited to (those it names, even archived) and the tags already in use. */
async function couponChoices({ services, actor }: SignedInApp, coupon: CouponView | null) {
  const [products, tags] = await Promise.all([
    services.coupons.productChoices(actor, coupon?.product_ids ?? []),
    services.products.tags(actor),
  ]);
  return { products, tagSuggestions: tags.map((tag) => tag.tag) };
}

/** /conta/cupons/new and /conta/cupons/:id/edit. */
export const couponEditor = recordEditor({
  service: (services) => services.coupons,
  schema: couponSchema,
  list: accountPaths.area("cupons"),
  created: "Cupom criado com sucesso!",
  saved: "Cupom salvo com sucesso!",
  newData: (app) => couponChoices(app, null),
  editData: couponChoices,
});
