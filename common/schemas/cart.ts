import { MAX_CART_LINES, MAX_LINE_QUANTITY, SHIPPING_CODE_PATTERN } from "../cart.ts";
import { MAX_ID } from "../id-range.ts";
import { z } from "../zod.ts";

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
