import { z } from "zod";
import {
  fiscalMonthSchema,
  fiscalSettingsInputSchema,
  noteCancelSchema,
  noteCorrectionSchema,
} from "../../../common/schemas/fiscal.ts";
import { fiscalNoteViewSchema, fiscalSettingsViewSchema, noteProblemViewSchema } from "../../../common/views/fiscal.ts";
import { carrierTestViewSchema } from "../../../common/views/shop.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";

const fiscal = areaOperations({ tag: "fiscal", path: "/api/fiscal", access: "admin" });
const settings = output("FiscalSettings", fiscalSettingsViewSchema);
const note = output("FiscalNote", fiscalNoteViewSchema);
const noNote = { status: 404, description: "No such order, or it has no note" };
const refused = { status: 409, description: "The note is not in a state that allows it, or is being sent now" };

export const fiscalOperations: Operation[] = [
  fiscal.post({
    path: "/webhook",
    summary:
      "Focus NFe's webhook: a note's new status, accepted only with the secret registered as its authorization header; repeats and late reports never move a note back",
    access: "public",
    success: {
      status: 200,
      description: "Received",
      schema: output("FiscalWebhookReceived", z.strictObject({ received: z.literal(true) })),
    },
    refusals: [{ status: 401, description: "Without the registered authorization value" }],
  }),
  fiscal.get({
    path: "/settings",
    summary: "The fiscal settings (the Focus NFe tokens are never returned, only whether each is set)",
    success: { status: 200, description: "The settings", schema: settings },
  }),
  fiscal.put({
    path: "/settings",
    summary:
      "Save the fiscal settings; an empty token keeps the stored one; the webhook is registered at Focus NFe for this site when BASE_URL is set",
    body: input("FiscalSettingsInput", fiscalSettingsInputSchema),
    success: { status: 200, description: "The saved settings", schema: settings },
  }),
  fiscal.post({
    path: "/settings/test",
    summary: "Whether Focus NFe takes the stored token of the chosen environment now",
    success: {
      status: 200,
      description: "ok and a pt-BR message",
      schema: output("FiscalTest", carrierTestViewSchema),
    },
    refusals: [{ status: 400, description: "No token saved for the chosen environment" }],
  }),
  fiscal.get({
    path: "/export",
    summary:
      "The XMLs (and cancellations) of the notes authorised in a month of São Paulo, as a zip for the accountant",
    query: [fiscalMonthSchema],
    success: {
      status: 200,
      description: "An attachment: notas-fiscais-<month>.zip",
      text: ["application/zip"],
      schema: output("FiscalMonthZip", z.string().meta({ format: "binary", description: "The zip's bytes." })),
    },
  }),
  fiscal.get({
    path: "/orders/{id}/note",
    summary:
      "An order's fiscal panel: whether notes are on, its note with its history and files, and every field that blocks a note now, with the screen to fix it",
    success: {
      status: 200,
      description: "The panel",
      schema: output(
        "FiscalNotePanel",
        z.strictObject({ enabled: z.boolean(), note: note.nullable(), problems: z.array(noteProblemViewSchema) }),
      ),
    },
    refusals: [noNote],
  }),
  fiscal.post({
    path: "/orders/{id}/note",
    summary:
      "Issue the order's note now, or again after a rejection: one note per order whatever the clicks (its reference is pedido-<number>); the answer normally says Processando",
    success: { status: 200, description: "The note", schema: note },
    refusals: [noNote, refused, { status: 400, description: "Notes are off" }],
  }),
  fiscal.post({
    path: "/orders/{id}/note/cancel",
    summary: "Cancel the order's authorised note with a justification of 15 to 255 characters, within SEFAZ's window",
    body: input("NoteCancelInput", noteCancelSchema),
    success: { status: 200, description: "The note", schema: note },
    refusals: [noNote, { status: 409, description: "Not authorised, or the window to cancel has passed" }],
  }),
  fiscal.post({
    path: "/orders/{id}/note/correction",
    summary: "A carta de correção (15 to 1,000 characters) for the order's authorised note",
    body: input("NoteCorrectionInput", noteCorrectionSchema),
    success: { status: 200, description: "The note", schema: note },
    refusals: [noNote, refused],
  }),
  fiscal.get({
    path: "/notes/{id}/files/{kind}",
    summary:
      "One of a note's files as we keep them (xml, danfe, cancelamento, carta-correcao-xml, carta-correcao): for the order's customer and administrators",
    access: "user",
    success: {
      status: 200,
      description: "An attachment: the XML or the PDF",
      text: ["application/xml", "application/pdf"],
      schema: output("FiscalNoteFile", z.string().meta({ format: "binary", description: "The file's bytes." })),
    },
    refusals: [{ status: 404, description: "No such file, or not the customer's" }],
  }),
];
