import { useActionData } from "react-router";
import { CouponForm, emptyCoupon } from "../../../components/conta/coupon-form.tsx";
import type { Route } from "./+types/new";
import { couponEditor } from "./editor.server.ts";

export const loader = couponEditor.new.loader;
export const action = couponEditor.new.action;

export function meta() {
  return [{ title: "Novo cupom" }];
}

export default function NewCoupon({ loaderData }: Route.ComponentProps) {
  return (
    <CouponForm
      title="Novo cupom"
      defaultValue={emptyCoupon}
      products={loaderData.products}
      tagSuggestions={loaderData.tagSuggestions}
      answer={useActionData()}
    />
  );
}
