import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { notFound } from "../../../common/errors.ts";
import {
  fiscalMonthSchema,
  fiscalSettingsInputSchema,
  noteCancelSchema,
  noteCorrectionSchema,
} from "../../../common/schemas/fiscal.ts";
import { issueNote, notePanel } from "../../flows/fiscal-notes.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly, signedIn } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";
import { attachment } from "../uploads/files-routes.ts";
import { type NoteFileKind, noteFileKinds } from "./note-files.ts";

/** A report of Focus NFe is one note's status and paths: anything much larger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** The webhook's address, whose body limit is its own (server/http/app.ts leaves it to this route). */
export const FISCAL_WEBHOOK_PATH = "/api/fiscal/webhook";

/**
 * Refused as soon as it says or proves to be larger than a report: by its Content-Length, or, sent in chunks,
 * once the bytes read pass the limit, never read whole.
 */
const webhookBodyLimit = bodyLimit({
  maxSize: MAX_WEBHOOK_BYTES,
  onError: (c) => c.json({ message: "O aviso da nota fiscal é grande demais para ser um aviso da Focus NFe." }, 413),
});

const isFileKind = (value: string): value is NoteFileKind => (noteFileKinds as readonly string[]).includes(value);

/**
 * Notas fiscais: the settings (administrators), each order's note and its steps (administrators), its files
 * (the order's customer and administrators), the accountant's month, and the provider's webhook.
 */
export const fiscalRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/webhook", webhookBodyLimit, async (c) => {
    const body = await c.req.text();
    const reading = await c.get("services").fiscal.receiveWebhook({ headers: c.req.raw.headers, body });
    if (reading === "unauthorized") return c.json({ message: "Aviso da nota fiscal sem a autorização esperada." }, 401);
    if (reading === "malformed") return c.json({ message: "Aviso da nota fiscal fora do formato esperado." }, 400);
    return c.json({ received: true });
  })
  .get("/settings", adminOnly, async (c) => c.json(await c.get("services").fiscal.settings(c.get("actor"))))
  .put("/settings", adminOnly, async (c) => {
    const input = await readBody(c, fiscalSettingsInputSchema);
    return c.json(await c.get("services").fiscal.saveSettings(c.get("actor"), input));
  })
  .post("/settings/test", adminOnly, async (c) => c.json(await c.get("services").fiscal.testConnection(c.get("actor"))))
  .get("/export", adminOnly, async (c) => {
    const { month } = readQuery(c, fiscalMonthSchema);
    const chunks: Uint8Array[] = [];
    await c.get("services").fiscal.exportMonth(c.get("actor"), month, (chunk) => chunks.push(chunk));
    return c.body(Buffer.concat(chunks), 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": attachment(`notas-fiscais-${month}.zip`),
      "Cache-Control": "no-store",
    });
  })
  .get("/orders/:id/note", adminOnly, async (c) =>
    c.json(await notePanel(c.get("services"), c.get("actor"), readId(c))),
  )
  .post("/orders/:id/note", adminOnly, async (c) =>
    c.json(await issueNote(c.get("services"), c.get("actor"), readId(c))),
  )
  .post("/orders/:id/note/cancel", adminOnly, async (c) => {
    const id = readId(c);
    const { justification } = await readBody(c, noteCancelSchema);
    await c.get("services").fiscal.cancel(c.get("actor"), id, justification);
    return c.json(await c.get("services").fiscal.adminView(c.get("actor"), id));
  })
  .post("/orders/:id/note/correction", adminOnly, async (c) => {
    const id = readId(c);
    const { correction } = await readBody(c, noteCorrectionSchema);
    await c.get("services").fiscal.correct(c.get("actor"), id, correction);
    return c.json(await c.get("services").fiscal.adminView(c.get("actor"), id));
  })
  .get("/notes/:id/files/:kind", signedIn, async (c) => {
    const kind = c.req.param("kind");
    if (!isFileKind(kind)) throw notFound("Arquivo não encontrado.");
    const file = await c.get("services").fiscal.file(c.get("actor"), readId(c), kind);
    return c.body(file.body, 200, {
      "Content-Type": kind.endsWith("xml") || kind === "cancelamento" ? "application/xml" : "application/pdf",
      "Content-Length": String(file.size),
      "Content-Disposition": attachment(file.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
