// An order's nota fiscal across the areas that know its parts: the order as it was placed (orders), each item's
// NCM and tax situation (products), the seller and the note's life (fiscal). Drafted here (note-draft.ts), sent
// by the fiscal area under the note's lease, so a click, the job runner and another process never send twice.
import pLimit from "p-limit";
import type { FiscalEnvironment } from "../../common/schemas/fiscal.ts";
import type { FiscalNoteView, NoteProblemView } from "../../common/views/fiscal.ts";
import { type Actor, requireAdmin } from "../kernel/access.ts";
import { noteProblemsView } from "../modules/fiscal/fiscal-notes.ts";
import { resolveItemFiscal } from "../modules/fiscal/item-fiscal.ts";
import { type DraftResult, draftNote } from "../modules/fiscal/note-draft.ts";
import type { Services } from "../services.ts";

/** Notes read per batch, sent or asked about AT_ONCE at a time, for at most TURN_MS per turn of the job runner. */
const NOTES_PER_BATCH = 50;
const AT_ONCE = 4;
const TURN_MS = 60_000;

/**
 * The order's note drafted now: from the order as placed, today's fiscal data and the shop's settings, for
 * `environment` (a note's own: one asked for in homologação is sent there) or the settings'.
 */
async function draftFor(services: Services, orderId: number, environment?: FiscalEnvironment): Promise<DraftResult> {
  const [{ order }, settings] = await Promise.all([services.orders.forNote(orderId), services.fiscal.settingsRow()]);
  const fiscal = await services.products.fiscalOf(order.items.map((item) => item.productId));
  const items = order.items.map(({ variantId, ...item }) => {
    const layers = [
      ...(variantId === null ? [] : [fiscal.variants.get(variantId)]),
      fiscal.products.get(item.productId),
      settings.defaults,
    ].flatMap((layer) => (layer ? [layer] : []));
    return { ...item, fiscal: resolveItemFiscal(layers) };
  });
  return draftNote({
    order: { ...order, items },
    seller: services.fiscal.sellerOf(settings),
    environment: environment ?? settings.environment,
    issuedAt: new Date(),
  });
}

/** Sends the note when it is waiting and no one else holds it; otherwise leaves it to whoever does. */
export async function sendNote(services: Services, noteId: number): Promise<void> {
  const held = await services.fiscal.claimToSend(noteId);
  if (!held) return;
  let draft: DraftResult;
  try {
    draft = await draftFor(services, held.orderId, held.environment);
  } catch (error) {
    await services.fiscal.send(held, {
      ok: false,
      problems: [
        {
          field: "pedido",
          message: error instanceof Error ? error.message : "O pedido não pôde ser lido.",
          place: { kind: "order" },
        },
      ],
    });
    return;
  }
  await services.fiscal.send(held, draft);
}

/**
 * "Emitir nota fiscal" / "Emitir novamente" (administrators): the note asked for (once per order whatever the
 * clicks), then sent now; the order's page then shows where it stands.
 */
export async function issueNote(services: Services, actor: Actor | null, orderId: number): Promise<FiscalNoteView> {
  requireAdmin(actor);
  await services.orders.get(actor, orderId);
  const { request } = await services.orders.forNote(orderId);
  const row = await services.fiscal.request(actor, request);
  await sendNote(services, row.id);
  const view = await services.fiscal.adminView(actor, orderId);
  if (!view) throw new Error("fiscal note vanished after its request");
  return view;
}

/** The order page's fiscal panel: whether notes are on, the order's note, and what would block one now. */
export async function notePanel(
  services: Services,
  actor: Actor | null,
  orderId: number,
): Promise<{ enabled: boolean; note: FiscalNoteView | null; problems: NoteProblemView[] }> {
  requireAdmin(actor);
  const [settings, note] = await Promise.all([
    services.fiscal.settingsRow(),
    services.fiscal.adminView(actor, orderId),
  ]);
  if (!settings.enabled) return { enabled: false, note, problems: [] };
  // Before anything is sent (and while it waits), every field that blocks the note, drafted from today's data.
  if (note && note.state !== "waiting" && note.state !== "rejected") return { enabled: true, note, problems: [] };
  const draft = await draftFor(services, orderId);
  return { enabled: true, note, problems: draft.ok ? [] : noteProblemsView(draft.problems, orderId) };
}

/**
 * The job runner's turn: notes waiting to be sent, then notes to ask the provider about (or copy files of), a
 * few at a time (each waits on the provider's network), batch after batch while some are due and the turn
 * lasts; the rest wait for the next turn.
 */
export async function runDueNotes(services: Services): Promise<number> {
  const until = Date.now() + TURN_MS;
  const limit = pLimit(AT_ONCE);
  // A note held by another process stays due: it is left to that process, not taken again in this turn.
  const seen = new Set<number>();
  let done = 0;
  while (Date.now() < until) {
    const due = (await services.fiscal.due(NOTES_PER_BATCH)).filter((note) => !seen.has(note.id));
    if (due.length === 0) break;
    for (const note of due) seen.add(note.id);
    await Promise.all(
      due.map((note) =>
        limit(() => (note.state === "waiting" ? sendNote(services, note.id) : services.fiscal.check(note.id))),
      ),
    );
    done += due.length;
  }
  return done;
}
