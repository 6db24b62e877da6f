import { useActionData } from "react-router";
import { CouponForm, couponFormValues } from "../../../components/conta/coupon-form.tsx";
import type { Route } from "./+types/edit";
import { couponEditor } from "./editor.server.ts";

export const loader = couponEditor.edit.loader;
export const action = couponEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar cupom: ${loaderData.item.code}` : "Editar cupom" }];
}

export default function EditCoupon({ loaderData }: Route.ComponentProps) {
  const { item: coupon } = loaderData;
  return (
    <CouponForm
      // Another coupon starts with a fresh form.
      key={coupon.id}
      title="Editar cupom"
      defaultValue={couponFormValues(coupon)}
      products={loaderData.products}
      tagSuggestions={loaderData.tagSuggestions}
      uses={coupon.uses}
      answer={useActionData()}
    />
  );
}
