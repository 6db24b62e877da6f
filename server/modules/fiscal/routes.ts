import { Hono } from "hono";
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

const MAX_WEBHOOK_BYTES = 256 * 1024;

const isFileKind = (value: string): value is NoteFileKind => (noteFileKinds as readonly string[]).includes(value);

/**
 * Notas fiscais: the settings (administrators), each order's note and its steps (administrators), its files
 * (the order's customer and administrators), the accountant's month, and the provider's webhook.
 */
export const fiscalRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/webhook", async (c) => {
    const length = Number(c.req.header("content-length") ?? 0);
    if (length > MAX_WEBHOOK_BYTES) return c.json({ message: "Aviso grande demais." }, 413);
    const body = await c.req.text();
    const accepted = await c.get("services").fiscal.receiveWebhook({ headers: c.req.raw.headers, body });
    if (!accepted) return c.json({ message: "Aviso da nota fiscal sem a autorização esperada." }, 401);
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
