import { z } from "../zod.ts";

/**
 * A Melhor Envio label's steps, in the order they happen: bought from the balance in four calls (cart,
 * checkout, generate, print), each kept on the order as soon as it succeeds so a retry goes on from
 * where the last one stopped. "none": nothing asked of Melhor Envio yet.
 */
export const labelSteps = ["none", "in_cart", "paid", "generated", "printed"] as const;
export type LabelStep = (typeof labelSteps)[number];

/** What the administrator reads for each step once it is done. */
export const labelStepLabels: Record<Exclude<LabelStep, "none">, string> = {
  in_cart: "No carrinho do Melhor Envio",
  paid: "Paga",
  generated: "Gerada",
  printed: "Pronta para imprimir",
};

/** The steps a label goes through, without the starting point. */
export const labelStepsDone = labelSteps.filter((step): step is Exclude<LabelStep, "none"> => step !== "none");

export const isStepReached = (step: LabelStep, reached: LabelStep) =>
  labelSteps.indexOf(step) >= labelSteps.indexOf(reached);

const instant = z.string().meta({ description: "ISO 8601 instant." });

/** The shipping label of an order sent by a Melhor Envio service, as its administrators see it. */
export const orderLabelViewSchema = z.strictObject({
  provider: z.literal("melhorenvio"),
  service_id: z.number().int().meta({ description: "Melhor Envio's service (1 Correios PAC, 2 SEDEX...)." }),
  step: z.enum(labelSteps),
  external_id: z.string().nullable().meta({ description: "Melhor Envio's shipment id, once in its cart." }),
  protocol: z.string().nullable(),
  price_cents: z.number().int().nullable().meta({ description: "What the label costs, in integer cents." }),
  label_url: z.string().nullable().meta({ description: "The label's PDF, once printed." }),
  tracking_code: z.string().nullable(),
  last_error: z
    .string()
    .nullable()
    .meta({ description: "Why the last attempt stopped (pt-BR); null once a step succeeds." }),
  in_progress: z.boolean().meta({ description: "Another request is buying this label now." }),
  can_buy: z
    .boolean()
    .meta({ description: "Buying (or resuming) is open: the order is paid and the label unfinished." }),
  can_mark_sent: z
    .boolean()
    .meta({ description: "The label is printed with its tracking code and the order can move to sent." }),
  updated_at: instant.nullable(),
});
export type OrderLabelView = z.infer<typeof orderLabelViewSchema>;

/** Melhor Envio's shipment statuses and their dates, in pt-BR. */
export const shipmentStatusLabels: Record<string, string> = {
  pending: "Etiqueta criada",
  released: "Etiqueta paga",
  generated: "Etiqueta gerada",
  posted: "Postado na transportadora",
  delivered: "Entregue",
  undelivered: "Não entregue",
  canceled: "Envio cancelado",
  expired: "Etiqueta expirada",
};

export const shipmentStatusLabel = (status: string) => shipmentStatusLabels[status] ?? status;

export const NO_TRACKING = "Este pedido ainda não tem rastreamento pelo Melhor Envio.";

/** An order's journey as Melhor Envio tells it, kept on the order and asked again at most every 30 minutes. */
export const orderShipmentTrackingSchema = z.strictObject({
  status: z.string().nullable().meta({ description: "Melhor Envio's status: posted, delivered..." }),
  status_label: z.string().nullable(),
  tracking_code: z.string().nullable(),
  tracking_url: z.string().nullable().meta({ description: "A public page where the parcel can be followed." }),
  events: z.array(z.strictObject({ status: z.string(), label: z.string(), at: instant })),
  checked_at: instant.nullable().meta({ description: "When Melhor Envio last answered." }),
  notice: z
    .string()
    .nullable()
    .meta({ description: "Why the events may be old: Melhor Envio could not be asked now (pt-BR)." }),
  delivered_at: instant.nullable(),
  can_mark_received: z
    .boolean()
    .meta({ description: "The parcel was delivered and the viewer may move the order to received." }),
});
export type OrderShipmentTrackingView = z.infer<typeof orderShipmentTrackingSchema>;
