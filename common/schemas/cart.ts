import {
  COUPON_CODE_PATTERN,
  MAX_CART_LINES,
  MAX_COUPON_CODE,
  MAX_LINE_QUANTITY,
  SHIPPING_CODE_PATTERN,
} from "../cart.ts";
import { MAX_ID } from "../id-range.ts";
import { plainString, z } from "../zod.ts";

const id = z.coerce.number().int("Produto inválido").positive("Produto inválido").max(MAX_ID, "Produto inválido");

/** What an add or an update sends: the product, the variant and how many. */
export const cartItemSchema = z.object({
  product_id: id,
  variant_id: id,
  quantity: z.coerce
    .number({ error: "Informe a quantidade" })
    .int("Informe a quantidade em números inteiros")
    .min(1, "A quantidade mínima é 1")
    .max(MAX_LINE_QUANTITY, `A quantidade máxima é ${MAX_LINE_QUANTITY}`),
});
export type CartItemInput = z.infer<typeof cartItemSchema>;

/** The line to remove, by its position in the cart (spec §4). */
export const cartPositionSchema = z.object({
  position: z.coerce
    .number({ error: "Item inválido" })
    .int("Item inválido")
    .min(0, "Item inválido")
    .max(MAX_CART_LINES),
});

export const shippingChoiceSchema = z.object({
  shipping: z.string().trim().regex(SHIPPING_CODE_PATTERN, "Opção de frete inválida").max(60),
});

export const COUPON_CODE_MESSAGE = `Use de 1 a ${MAX_COUPON_CODE} letras sem acento, números, - ou _`;

/** A coupon code as typed: case does not matter (it is kept in upper case), spaces around are dropped. */
export const couponCodeField = () =>
  plainString({ error: "Informe o cupom" })
    .trim()
    .toUpperCase()
    .min(1, "Informe o cupom")
    .regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE);

/** "Cupom de desconto" on the cart and the checkout. */
export const couponCodeSchema = z.object({ code: couponCodeField() });
