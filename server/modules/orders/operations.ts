import { listQuerySchema } from "../../../common/pagination.ts";
import {
  checkoutSchema,
  orderAddressCorrectionSchema,
  orderListQuerySchema,
  orderStatusChangeSchema,
} from "../../../common/schemas/orders.ts";
import { orderLabelViewSchema, orderShipmentTrackingSchema } from "../../../common/views/order-labels.ts";
import { orderMoveViewSchema } from "../../../common/views/order-move.ts";
import {
  orderListSchema,
  orderPaymentViewSchema,
  orderViewSchema,
  shopDashboardSchema,
} from "../../../common/views/orders.ts";
import { shopSettingsViewSchema } from "../../../common/views/shop.ts";
import { z } from "../../../common/zod.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";

const orders = areaOperations({ tag: "orders", path: "/api/orders", access: "user" });
const order = output("Order", orderViewSchema);
const payment = output("OrderPayment", orderPaymentViewSchema);
const withPayment = output("PlacedOrder", z.strictObject({ order, payment }));
const label = output("OrderLabel", orderLabelViewSchema);
const tracking = output("OrderShipmentTracking", orderShipmentTrackingSchema);

export const ordersOperations: Operation[] = [
  orders.get({
    summary:
      "Orders, newest first: a customer's own, or every order for administrators; filtered by status, São Paulo days and text (number, name, e-mail, CPF/CNPJ)",
    query: [listQuerySchema, orderListQuerySchema],
    success: {
      status: 200,
      description: "A page of orders",
      schema: output("OrderList", orderListSchema),
    },
  }),
  orders.get({
    path: "/export.csv",
    summary: "The filtered orders as CSV for a Brazilian spreadsheet (; separated, UTF-8 with BOM)",
    access: "admin",
    query: [listQuerySchema, orderListQuerySchema],
    success: {
      status: 200,
      description: "An attachment: pedidos.csv",
      text: ["text/csv"],
      schema: output("OrdersCsv", z.string().meta({ description: "The orders, one per line, ; separated." })),
    },
  }),
  orders.get({
    path: "/dashboard",
    summary: "Orders and revenue per day for the last 30 days, the best sellers and the variants running low",
    access: "admin",
    success: { status: 200, description: "The dashboard", schema: output("ShopDashboard", shopDashboardSchema) },
  }),
  orders.get({
    path: "/{id}",
    summary: "One order with its items, shipping, totals and history (another customer's is a 404)",
    success: { status: 200, description: "The order", schema: order },
  }),
  orders.get({
    path: "/{id}/payment",
    summary:
      "How an unpaid order is paid: the static Pix code and QR, the provider's charge (made on first need), or the manual instructions",
    success: { status: 200, description: "The order and its payment", schema: withPayment },
  }),
  orders.get({
    path: "/{id}/packing-slip",
    summary: "The order and the seller, for the packing slip and declaração de conteúdo",
    access: "admin",
    success: {
      status: 200,
      description: "The order and the seller",
      schema: output("PackingSlip", z.strictObject({ order, sender: shopSettingsViewSchema })),
    },
  }),
  orders.post({
    path: "/{id}/status",
    summary:
      "Move an order along the state machine (administrators; a customer may only cancel her own unpaid order); sent takes the carrier (correios by default) and its tracking code (a Correios code must pass the UPU S10 check digit), and for carrier other an optional https tracking page. Canceling with cancel_note true (administrators) also cancels the order's authorised nota fiscal with justification (15-255 characters, as POST /api/fiscal/orders/{id}/note/cancel takes it): the order is canceled first, and when the note cannot be (SEFAZ's 24 hours passed, Focus NFe unreachable) only the order is, with why in note_cancellation",
    body: input("OrderStatusChange", orderStatusChangeSchema),
    success: {
      status: 200,
      description:
        "The order after the move, and note_cancellation: null unless cancel_note was asked, else whether the note was canceled and a pt-BR message",
      schema: output("OrderMove", orderMoveViewSchema),
    },
    refusals: [
      { status: 400, description: "A cancel_note without a justification of 15 to 255 characters" },
      { status: 403, description: "A customer asking cancel_note, or moving an order she may not" },
      { status: 409, description: "A move the state machine does not allow, or a concurrent change" },
    ],
  }),
  orders.put({
    path: "/{id}/address",
    summary:
      "Correct the order's delivery address and the buyer's CPF/CNPJ (administrators): what its label and its nota fiscal use; a nota fiscal needs the neighbourhood, and a CPF/CNPJ is checked by its digits (empty or absent keeps the order's)",
    access: "admin",
    body: input("OrderAddressCorrection", orderAddressCorrectionSchema),
    success: { status: 200, description: "The order with its address corrected", schema: order },
    refusals: [
      { status: 404, description: "No such order" },
      { status: 409, description: "The order changed meanwhile" },
    ],
  }),
  orders.post({
    path: "/{id}/label",
    summary:
      "Buy the order's shipping label from the shop's Melhor Envio balance (a paid or processing order sent by a Melhor Envio service): cart, checkout, generate, print, each step kept as it succeeds; called again after a failure it resumes from the failed step and never pays twice (Melhor Envio is asked first). A paid order moves to processing once its label is paid",
    access: "admin",
    success: { status: 200, description: "The label, printed: its PDF and tracking code", schema: label },
    refusals: [
      {
        status: 400,
        description: "Melhor Envio refused the label's data (its reason in the message)",
      },
      {
        status: 409,
        description:
          "Not a Melhor Envio order, not paid, Melhor Envio not set up, another request buying it now, balance too low, service no longer available, token refused; the reason is also kept on the label",
      },
      { status: 503, description: "Melhor Envio did not answer in time: what was done is kept, try again" },
    ],
  }),
  orders.get({
    path: "/{id}/tracking",
    summary:
      "The order's journey as Melhor Envio tells it (its customer or administrators): asked again when the last answer is 30 minutes old, else as kept; when Melhor Envio cannot be asked, the last known events with a notice",
    success: { status: 200, description: "The tracking", schema: tracking },
    refusals: [{ status: 404, description: "Another's order, or an order without a paid Melhor Envio label" }],
  }),
  orders.post({
    path: "/{id}/tracking/refresh",
    summary: "Ask Melhor Envio for the order's tracking now (Atualizar rastreamento)",
    access: "admin",
    success: { status: 200, description: "The tracking", schema: tracking },
    refusals: [{ status: 404, description: "An order without a paid Melhor Envio label" }],
  }),
];

const checkout = areaOperations({ tag: "orders", path: "/api/shop/checkout", access: "user" });

export const checkoutOperations: Operation[] = [
  checkout.post({
    summary:
      "Place the order of the cart in the cms_cart cookie: prices, shipping and stock checked again in one transaction (at most R$ 20.000.000,00; an order with nothing to pay is confirmed at once); her same idempotency_key (any case) answers the order already made with 200 and leaves the cart alone",
    body: input("Checkout", checkoutSchema),
    success: {
      status: 201,
      description: "The new order and how to pay it; the cart is emptied",
      schema: withPayment,
      setsCookie: "cms_cart",
    },
    refusals: [
      { status: 404, description: "The shop feature is off" },
      { status: 409, description: "The cart, a price, the stock or the total changed: review and confirm again" },
    ],
  }),
];

const webhooks = areaOperations({ tag: "payments", path: "/api/payments", access: "public" });

export const paymentWebhookOperations: Operation[] = [
  webhooks.post({
    path: "/mercadopago/webhook",
    summary:
      "Mercado Pago's payment notices: x-signature checked (HMAC-SHA256 of data.id, x-request-id and ts, at most 5 minutes old), then the payment read from Mercado Pago and recorded on its order (the shop e-mailed of a confirmed payment, a refund or a chargeback); repeats and late notices change nothing",
    query: [
      z.object({
        "data.id": z.string().optional().meta({ description: "The payment's id at Mercado Pago." }),
        type: z.string().optional().meta({ description: '"payment"; other kinds are acknowledged and left.' }),
      }),
    ],
    success: {
      status: 200,
      description:
        "What the notice did: paid, failed, reversed (a paid order's payment refunded or charged back: in its history, the shop told), recorded, stale, unknown_order, amount_mismatch or ignored",
      schema: output("PaymentNoticeOutcome", z.strictObject({ outcome: z.string() })),
    },
    refusals: [
      { status: 401, description: "The signature is missing, wrong or too old" },
      { status: 503, description: "Mercado Pago could not be asked now: the notice should be sent again" },
    ],
  }),
];
