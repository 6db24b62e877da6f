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
const providerRefused = {
  status: 400,
  description: "Invalid input, or Focus NFe refused the request or did not answer (its reason, in pt-BR)",
};

/**
 * What Focus NFe POSTs to the webhook on each change of a note (FocusNFe/api-doc, source/includes/_webhooks.md):
 * the same JSON as GET /v2/nfe/REF, its files as paths relative to Focus NFe's host. Other fields may come.
 */
const focusReportSchema = z.looseObject({
  ref: z
    .string()
    .meta({ description: "Our reference, pedido-<number>; a reference not ours is answered 200 and left alone." }),
  status: z.enum(["processando_autorizacao", "autorizado", "cancelado", "erro_autorizacao", "denegado"]),
  status_sefaz: z.union([z.string(), z.number()]).nullish(),
  mensagem_sefaz: z.string().nullish(),
  chave_nfe: z.string().nullish(),
  numero: z.union([z.string(), z.number()]).nullish(),
  serie: z.union([z.string(), z.number()]).nullish(),
  caminho_xml_nota_fiscal: z.string().nullish(),
  caminho_danfe: z.string().nullish(),
  caminho_xml_cancelamento: z.string().nullish(),
  caminho_xml_carta_correcao: z.string().nullish(),
  caminho_pdf_carta_correcao: z.string().nullish(),
});

export const fiscalOperations: Operation[] = [
  fiscal.post({
    path: "/webhook",
    summary:
      "Focus NFe's webhook: a note's new status, accepted only with the secret registered as its authorization header; repeats and late reports never move a note back",
    access: "public",
    body: input("FocusNfeReport", focusReportSchema),
    success: {
      status: 200,
      description: "Received (also a report of a reference that is not ours, left alone)",
      schema: output("FiscalWebhookReceived", z.strictObject({ received: z.literal(true) })),
    },
    refusals: [
      { status: 400, description: "A value that cannot be stored (a NUL character)" },
      {
        status: 401,
        description:
          "Without the registered authorization value, or (with it) a body that is not a report of Focus NFe's shape",
      },
      { status: 413, description: "Larger than a report (256 KiB), by its Content-Length or as its chunks arrive" },
    ],
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
      "The produção XMLs of a month of São Paulo as a zip for the accountant: the notes authorised or denied, the cartas de correção and the cancellations made in it (homologação's test notes are never in it)",
    query: [fiscalMonthSchema],
    success: {
      status: 200,
      description: "An attachment: notas-fiscais-<month>.zip",
      text: ["application/zip"],
      schema: output("FiscalMonthZip", z.string().meta({ format: "binary", description: "The zip's bytes." })),
    },
    refusals: [{ status: 400, description: "No month, or not a month as AAAA-MM (01 to 12)" }],
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
    refusals: [
      noNote,
      providerRefused,
      { status: 409, description: "Not authorised, or the window to cancel has passed" },
    ],
  }),
  fiscal.post({
    path: "/orders/{id}/note/correction",
    summary: "A carta de correção (15 to 1,000 characters) for the order's authorised note",
    body: input("NoteCorrectionInput", noteCorrectionSchema),
    success: { status: 200, description: "The note", schema: note },
    refusals: [noNote, providerRefused, refused],
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
