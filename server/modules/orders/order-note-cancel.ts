// An order canceled with its authorised nota fiscal: the order first (its own transaction, never waiting on the
// provider), then the note through the fiscal area's own "Cancelar nota". A refusal (SEFAZ's window passed, the
// provider down, the note no longer authorised) leaves the order canceled and is said, never thrown: the sale
// is undone either way, and the owner reads what is left to do about the note.
import { isDomainError } from "../../../common/errors.ts";
import type { NoteCancellation } from "../../../common/views/order-move.ts";
import type { Actor } from "../../kernel/access.ts";
import type { OrdersContext } from "./context.ts";

export const NOTE_CANCELLED = "Nota fiscal cancelada na SEFAZ.";

export async function cancelNoteToo(
  context: OrdersContext,
  admin: Actor,
  orderId: number,
  justification: string,
): Promise<NoteCancellation> {
  try {
    await context.services.fiscal.cancel(admin, orderId, justification);
    return { cancelled: true, message: NOTE_CANCELLED };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { cancelled: false, message: `A nota fiscal continua autorizada. ${error.message}` };
  }
}
