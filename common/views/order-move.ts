import { z } from "../zod.ts";
import { orderViewSchema } from "./orders.ts";

/** What became of the order's nota fiscal when its cancellation asked to cancel the note too. */
export const noteCancellationSchema = z.strictObject({
  cancelled: z.boolean(),
  message: z.string().meta({ description: "In pt-BR: the note canceled, or why it is still authorised." }),
});
export type NoteCancellation = z.infer<typeof noteCancellationSchema>;

/** An order after a move: the order, and its note's cancellation when the move asked for it (else null). */
export const orderMoveViewSchema = orderViewSchema.extend({
  note_cancellation: noteCancellationSchema.nullable(),
});
export type OrderMoveView = z.infer<typeof orderMoveViewSchema>;
