import { redirect } from "react-router";
import { failureOf } from "../../common/failure.ts";
import { noteCancelSchema, noteCorrectionSchema } from "../../common/schemas/fiscal.ts";
import { accountPaths } from "../../common/site-paths.ts";
import type { FiscalNoteView } from "../../common/views/fiscal.ts";
import { noteIntents } from "../components/conta/order-note.tsx";
import { flashHeader } from "./flash.server.ts";
import { formAction } from "./form-action.server.ts";
import type { SignedInApp } from "./guards.server.ts";
import { intentOf } from "./order-label-actions.server.ts";

type Told = { type: "success" | "error"; message: string };

/** What "Emitir nota fiscal" came to, said on the order's page: the note is sent at once, SEFAZ may answer later. */
function issuedText(note: FiscalNoteView): Told {
  const sefaz = [note.sefaz_status, note.sefaz_message].filter(Boolean).join(": ");
  switch (note.state) {
    case "authorized":
      return {
        type: "success",
        message: `Nota fiscal autorizada: nº ${note.number ?? "?"}, série ${note.series ?? "?"}.`,
      };
    case "processing":
      return {
        type: "success",
        message: "Nota enviada à SEFAZ. A resposta costuma levar alguns segundos: recarregue a página em instantes.",
      };
    case "rejected":
      return { type: "error", message: `Nota rejeitada pela SEFAZ${sefaz ? `: ${sefaz}` : "."}` };
    case "denied":
      return { type: "error", message: `Uso da nota denegado pela SEFAZ${sefaz ? `: ${sefaz}` : "."}` };
    case "cancelled":
      return { type: "success", message: "Esta nota já está cancelada." };
    case "waiting":
      if (note.problems.length > 0)
        return { type: "error", message: "A nota não foi enviada: corrija os campos indicados em Nota fiscal." };
      if (note.last_error) return { type: "error", message: note.last_error };
      return { type: "success", message: "A nota está na fila de envio: recarregue a página em instantes." };
  }
}

const toOrder = async (id: number, told: Told) =>
  redirect(accountPaths.order(id), {
    headers: { "Set-Cookie": await flashHeader(told.type, told.message) },
  });

/**
 * The order page's nota fiscal buttons and forms (plain form posts, so they work without JavaScript).
 * "Emitir nota fiscal" and "Emitir novamente" answer the order page again with a toast saying where the note
 * stands; "Cancelar nota" and "Carta de correção" are forms whose refusals come back beside their text. Null
 * when the post is none of them: the page's other forms read it then.
 */
export async function orderNoteAction(app: SignedInApp, request: Request, id: number) {
  const { services, flows, actor } = app;
  const intent = await intentOf(request);
  if (intent === noteIntents.issue) {
    try {
      return await toOrder(id, issuedText(await flows.issueNote(services, actor, id)));
    } catch (error) {
      const failure = failureOf(error);
      if (!failure) throw error;
      return toOrder(id, { type: "error", message: failure.body.message });
    }
  }
  if (intent === noteIntents.cancel)
    return formAction(request, noteCancelSchema, async ({ justification }) => {
      await services.fiscal.cancel(actor, id, justification);
      return toOrder(id, { type: "success", message: "Nota fiscal cancelada na SEFAZ." });
    });
  if (intent === noteIntents.correct)
    return formAction(request, noteCorrectionSchema, async ({ correction }) => {
      await services.fiscal.correct(actor, id, correction);
      return toOrder(id, { type: "success", message: "Carta de correção registrada na SEFAZ." });
    });
  return null;
}
