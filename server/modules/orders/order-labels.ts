import { and, asc, eq } from "drizzle-orm";
import { trackingUrl } from "../../../common/brazil/tracking.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { busy, conflict, type DomainError, invalid, isDomainError } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import type { OrderStatus } from "../../../common/order-status.ts";
import { MELHOR_ENVIO_SERVICES } from "../../../common/schemas/shipping.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import {
  isStepReached,
  type LabelStep,
  type OrderLabelView,
  type OrderShipmentTrackingView,
  shipmentStatusLabel,
} from "../../../common/views/order-labels.ts";
import {
  type MelhorEnvioCartInput,
  type MelhorEnvioClient,
  MelhorEnvioError,
  type MelhorEnvioParty,
} from "../../adapters/melhor-envio/melhor-envio.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, isAdmin, requireAdmin, requireUser } from "../../kernel/access.ts";
import { MELHOR_ENVIO_CODE_PREFIX } from "../shop/shipping/melhor-envio.ts";
import { consolidatePackage } from "../shop/shipping/package.ts";
import type { QuoteItem } from "../shop/shipping/provider.ts";
import type { OrdersContext } from "./context.ts";
import { moveOrder, type OrderRow, orderLabel } from "./order-moves.ts";
import { type LabelTrackingEvent, orderItems, orderLabels, orders } from "./tables.ts";

type LabelRow = typeof orderLabels.$inferSelect;

/**
 * How long a request may run the label's steps before another may take over: the client gives up on each
 * call after 15 s (MELHOR_ENVIO_TIMEOUT_MS), and a request makes six at most.
 */
const LEASE_MS = 2 * 60_000;
/** A page waits this long for Melhor Envio's tracking before showing what it knew. */
const TRACKING_TIMEOUT_MS = 5_000;
/** Tracking is asked of Melhor Envio again at most this often, unless an administrator asks for it. */
const TRACKING_CACHE_MS = 30 * 60_000;

/** Orders whose label may be bought: paid, not yet sent. */
const LABELABLE: readonly OrderStatus[] = ["paid", "processing"];

/** Melhor Envio's statuses of a shipment whose label is paid for: checkout must not run again. */
const PAID_STATUSES = new Set(["released", "generated", "posted", "delivered", "undelivered"]);
/** Statuses of a shipment whose label the carrier has made already. */
const GENERATED_STATUSES = new Set(["generated", "posted", "delivered", "undelivered"]);
/** A shipment that left Melhor Envio's cart unpaid: the label starts again. */
const GONE_STATUSES = new Set(["canceled", "expired"]);
/** A journey that is over: its tracking is not asked again unless an administrator asks. */
const FINAL_STATUSES = new Set(["delivered", "canceled", "expired"]);

const LABEL_NOT_CONFIGURED = "O Melhor Envio não está configurado: informe o token dele em Loja.";
const NOT_MELHOR_ENVIO = "Este pedido não usa um serviço do Melhor Envio: compre a etiqueta por fora.";
const NOT_PAID = "A etiqueta só pode ser comprada para um pedido pago ou em processamento.";
const LABEL_IN_PROGRESS =
  "A etiqueta já está sendo comprada em outra aba ou por outra pessoa. Aguarde um instante e recarregue a página.";
const SENDER_MISSING =
  "Preencha os dados da loja (razão social, endereço, CPF/CNPJ, cidade, UF e CEP de origem) em Loja antes de comprar etiquetas.";
const UNEXPECTED =
  "A compra da etiqueta parou por um erro inesperado. O que já foi feito está guardado: tente de novo.";
const TRACKING_FAILED = "Não foi possível consultar o Melhor Envio agora";

const melhorEnvioServiceName = (id: number) => {
  const service = MELHOR_ENVIO_SERVICES.find((candidate) => candidate.id === id);
  return service ? `Melhor Envio: ${service.company} ${service.name}` : `Melhor Envio: serviço ${id}`;
};

/** The Melhor Envio service an order travels by, from its shipping code "melhorenvio:<service id>". */
function labelServiceOf(order: Pick<OrderRow, "shipping">): number | null {
  if (order.shipping.provider !== "melhorenvio") return null;
  const id = order.shipping.code.slice(MELHOR_ENVIO_CODE_PREFIX.length);
  return order.shipping.code.startsWith(MELHOR_ENVIO_CODE_PREFIX) && /^\d{1,9}$/.test(id) ? Number(id) : null;
}

/**
 * A Melhor Envio failure as the refusal the request answers; its message (the client's pt-BR, naming what
 * to do) is what the administrator reads on the label.
 */
function refusalOf(error: MelhorEnvioError): DomainError {
  switch (error.failure) {
    case "invalid":
      return invalid(`O Melhor Envio recusou os dados da etiqueta: ${error.message}`);
    case "service_unavailable":
      return conflict(`${error.message} Combine outra forma de entrega com o cliente.`);
    case "unreachable":
      return busy(`${error.message} O que já foi feito está guardado.`);
    case "insufficient_balance":
    case "unauthorized":
    case "not_found":
      return conflict(error.message);
  }
}

const bare = (text: string) => text.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
const digits = (text: string) => text.replace(/\D/g, "");

/**
 * The shop's one-line address ("Rua do Sol, 20, sala 3 - Santo Antônio") in Melhor Envio's fields: the
 * district after the last " - ", the number after the street's first comma, the rest as the complement.
 */
function splitShopAddress(address: string): Pick<MelhorEnvioParty, "address" | "number" | "complement" | "district"> {
  const dash = address.lastIndexOf(" - ");
  const street = dash === -1 ? address : address.slice(0, dash);
  const district = dash === -1 ? "" : address.slice(dash + 3).trim();
  const [name = "", number = "", ...rest] = street.split(",").map((part) => part.trim());
  return { address: name, number: number || "S/N", complement: rest.join(", "), district };
}

/** A Brazilian number without the country code, as Melhor Envio takes it: wa.me's 5581999998888 is 81999998888. */
const localPhone = (phone: string) => {
  const number = digits(phone);
  return number.length > 11 && number.startsWith("55") ? number.slice(2) : number;
};

const isoEvents = (events: LabelTrackingEvent[]) =>
  events.map((event) => ({ status: event.status, label: shipmentStatusLabel(event.status), at: event.at }));

const deliveredAt = (events: LabelTrackingEvent[]) => events.find((event) => event.status === "delivered")?.at ?? null;

/**
 * The shipping labels and tracking of orders sent by a Melhor Envio service. `readOrder` is the orders
 * area's own read: an order the actor may see, else a 404.
 */
export function createOrderLabels(context: OrdersContext, readOrder: (actor: Actor, id: number) => Promise<OrderRow>) {
  const { db, services } = context;

  async function labelRow(orderId: number): Promise<LabelRow | undefined> {
    const [row] = await db.select().from(orderLabels).where(eq(orderLabels.orderId, orderId));
    return row;
  }

  async function client(): Promise<MelhorEnvioClient> {
    const found = await services.shop.melhorEnvio();
    if (!found) throw conflict(LABEL_NOT_CONFIGURED);
    return found;
  }

  /** Where the parcel leaves from and where it goes, its contents, one consolidated volume and its insured value. */
  async function cartInput(admin: Actor, order: OrderRow, serviceId: number): Promise<MelhorEnvioCartInput> {
    const shop = await services.shop.settings(admin);
    if (!shop.legal_name || !shop.address || !shop.tax_id || !shop.city || !shop.uf || !shop.origin_postal_code)
      throw conflict(SENDER_MISSING);
    const site = await services.settings.get();
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position));
    const products = new Map(
      await Promise.all(
        [...new Set(items.map((item) => item.productId))].map(
          async (id) => [id, await services.products.get(admin, String(id))] as const,
        ),
      ),
    );
    const parcels: QuoteItem[] = items.flatMap((item) => {
      const product = products.get(item.productId);
      if (!product) return [];
      return [
        {
          // The weight sold, as copied on the order; the sides as the product has them now.
          weight_grams: item.weightGrams,
          length_cm: product.length_cm,
          height_cm: product.height_cm,
          width_cm: product.width_cm,
          diameter_cm: product.diameter_cm,
          format: product.package_format,
          quantity: item.quantity,
          price_cents: item.unitPriceCents,
        },
      ];
    });
    const parcel = consolidatePackage(parcels);
    return {
      service_id: serviceId,
      from: {
        name: shop.legal_name,
        phone: localPhone(shop.whatsapp ?? ""),
        email: shop.notifications.email || site?.email || "",
        tax_id: bare(shop.tax_id),
        ...splitShopAddress(shop.address),
        city: shop.city,
        state_abbr: shop.uf,
        postal_code: digits(shop.origin_postal_code),
      },
      to: {
        name: order.customerName,
        phone: localPhone(order.customerPhone),
        email: order.customerEmail,
        tax_id: bare(order.customerTaxId),
        address: order.address.street,
        number: order.address.number,
        complement: order.address.complement,
        district: order.address.neighborhood,
        city: order.address.city,
        state_abbr: order.address.uf,
        postal_code: digits(order.address.postal_code),
      },
      products: items.map((item) => ({
        name: item.variantLabel ? `${item.name} (${item.variantLabel})` : item.name,
        quantity: item.quantity,
        unitary_cents: item.unitPriceCents,
      })),
      volumes: [
        {
          width_cm: parcel.width_cm,
          height_cm: parcel.height_cm,
          length_cm: parcel.length_cm,
          weight_grams: parcel.weight_grams,
        },
      ],
      insurance_cents: items.reduce((total, item) => total + item.totalCents, 0),
      tag: `Pedido ${order.number}`,
      ...(context.config.BASE_URL ? { tag_url: `${context.config.BASE_URL}${accountPaths.order(order.id)}` } : {}),
    };
  }

  /**
   * The label's row, held for this request: made on first use, then locked while the lease is written,
   * so two clicks or two tabs cannot both run the steps (the second is told to wait). A finished label
   * is answered as it is, unheld.
   */
  async function hold(order: OrderRow, serviceId: number, now: Date): Promise<LabelRow> {
    return context.transaction(async (tx) => {
      await tx.db.insert(orderLabels).values({ orderId: order.id, serviceId }).onConflictDoNothing();
      const [row] = await tx.db.select().from(orderLabels).where(eq(orderLabels.orderId, order.id)).for("update");
      if (!row) throw new Error("order label insert found no row");
      if (row.step === "printed") return row;
      if (row.inProgressUntil && row.inProgressUntil > now) throw conflict(LABEL_IN_PROGRESS);
      const [held] = await tx.db
        .update(orderLabels)
        .set({ inProgressUntil: new Date(now.getTime() + LEASE_MS), updatedAt: now })
        .where(eq(orderLabels.id, row.id))
        .returning();
      if (!held) throw new Error("order label lease returned nothing");
      return held;
    });
  }

  /** A step's result, written at once: only over the step it was read at, so nothing is written twice. */
  async function advance(
    row: LabelRow,
    values: Partial<LabelRow> & { step: LabelStep },
    on: Db = db,
  ): Promise<LabelRow> {
    const [saved] = await on
      .update(orderLabels)
      .set({ ...values, lastError: null, updatedAt: new Date() })
      .where(and(eq(orderLabels.id, row.id), eq(orderLabels.step, row.step)))
      .returning();
    if (!saved) throw conflict(LABEL_IN_PROGRESS);
    return saved;
  }

  /** A paid order starts being prepared once its label is paid for: "Marcar como enviado" is its next move. */
  async function startPreparing(admin: Actor, orderId: number, protocol: string | null): Promise<void> {
    await context.transaction(async (tx) => {
      const [order] = await tx.db.select().from(orders).where(eq(orders.id, orderId)).for("update");
      if (order?.status !== "paid") return;
      await moveOrder(tx, order, "processing", admin, {
        note: protocol ? `Etiqueta do Melhor Envio paga (protocolo ${protocol}).` : "Etiqueta do Melhor Envio paga.",
      });
    });
  }

  /**
   * The next step of the label. `resumed`: this step failed in an earlier request, which may have got as
   * far as Melhor Envio before it stopped, so Melhor Envio is asked where the shipment is first: a
   * shipment it says is paid is never paid again.
   */
  async function step(
    me: MelhorEnvioClient,
    admin: Actor,
    order: OrderRow,
    row: LabelRow,
    resumed: boolean,
  ): Promise<LabelRow> {
    const id = row.externalId ?? "";
    switch (row.step) {
      case "none": {
        const shipment = await me.addToCart(await cartInput(admin, order, row.serviceId));
        return advance(row, {
          step: "in_cart",
          externalId: shipment.id,
          protocol: shipment.protocol,
          priceCents: shipment.price_cents,
        });
      }
      case "in_cart": {
        if (resumed) {
          const status = await shipmentStatus(me, id);
          if (status === null || GONE_STATUSES.has(status))
            return advance(row, { step: "none", externalId: null, protocol: null, priceCents: null });
          if (!PAID_STATUSES.has(status)) await me.checkout([id]);
        } else await me.checkout([id]);
        const paid = await context.transaction(async (tx) => {
          const saved = await advance(row, { step: "paid" }, tx.db);
          await tx.services.audit.record({
            actor: admin,
            action: "order.label_bought",
            recordId: order.id,
            recordLabel: orderLabel(order),
            details: {
              Serviço: melhorEnvioServiceName(saved.serviceId),
              Valor: saved.priceCents === null ? null : formatBRL(saved.priceCents),
              Protocolo: saved.protocol,
              "Envio no Melhor Envio": saved.externalId,
            },
          });
          return saved;
        });
        await startPreparing(admin, order.id, paid.protocol);
        return paid;
      }
      case "paid": {
        const status = resumed ? await shipmentStatus(me, id) : null;
        if (status === null || !GENERATED_STATUSES.has(status)) await me.generate([id]);
        return advance(row, { step: "generated" });
      }
      case "generated": {
        const { url } = await me.print([id]);
        const printed = await advance(row, { step: "printed", labelUrl: url });
        return askTracking(printed, new Date());
      }
      case "printed":
        return row;
    }
  }

  /** The shipment's status at Melhor Envio; null when it is not there (any more). */
  async function shipmentStatus(me: MelhorEnvioClient, id: string): Promise<string | null> {
    try {
      return (await me.shipment(id)).status;
    } catch (error) {
      if (error instanceof MelhorEnvioError && error.failure === "not_found") return null;
      throw error;
    }
  }

  /**
   * Melhor Envio's tracking of the label, kept on the row. A failure keeps the last known events and
   * notes when it happened; it never fails the page.
   */
  async function askTracking(row: LabelRow, now: Date): Promise<LabelRow> {
    if (!row.externalId) return row;
    let values: Partial<LabelRow>;
    try {
      const me = await client();
      const [found] = (await me.tracking([row.externalId], AbortSignal.timeout(TRACKING_TIMEOUT_MS))).filter(
        (tracking) => tracking.id === row.externalId,
      );
      if (!found) throw new MelhorEnvioError("not_found", "O Melhor Envio não informou este envio.");
      values = {
        trackingStatus: found.status,
        trackingEvents: found.events,
        trackingCode: found.tracking_code ?? row.trackingCode,
        trackingUrl: found.tracking_url?.startsWith("https://") ? found.tracking_url : row.trackingUrl,
        trackingCheckedAt: now,
        trackingFailedAt: null,
      };
    } catch (error) {
      if (!(error instanceof MelhorEnvioError) && !isDomainError(error)) throw error;
      context.logger.warn({ err: error, label: row.id }, "melhor envio tracking failed");
      values = { trackingFailedAt: now };
    }
    const [saved] = await db.update(orderLabels).set(values).where(eq(orderLabels.id, row.id)).returning();
    return saved ?? row;
  }

  /** Due when the journey is not over and Melhor Envio was last asked (answered or not) 30 minutes ago or more. */
  function trackingDue(row: LabelRow, now: Date): boolean {
    if (row.trackingStatus !== null && FINAL_STATUSES.has(row.trackingStatus)) return false;
    const last = Math.max(row.trackingCheckedAt?.getTime() ?? 0, row.trackingFailedAt?.getTime() ?? 0);
    return now.getTime() - last >= TRACKING_CACHE_MS;
  }

  function trackingView(viewer: Actor, order: OrderRow, row: LabelRow): OrderShipmentTrackingView {
    const delivered = deliveredAt(row.trackingEvents);
    const code = row.trackingCode;
    const since = row.trackingCheckedAt ? `; estes são os eventos de ${formatDateTime(row.trackingCheckedAt)}` : "";
    return {
      status: row.trackingStatus,
      status_label: row.trackingStatus === null ? null : shipmentStatusLabel(row.trackingStatus),
      tracking_code: code,
      tracking_url: code === null ? row.trackingUrl : trackingUrl("melhorenvio", code, row.trackingUrl),
      events: isoEvents(row.trackingEvents),
      checked_at: row.trackingCheckedAt?.toISOString() ?? null,
      notice: row.trackingFailedAt ? `${TRACKING_FAILED}${since}.` : null,
      delivered_at: delivered,
      can_mark_received: isAdmin(viewer) && order.status === "sent" && delivered !== null,
    };
  }

  /** The label as its administrators see it; before the first attempt, at step "none". */
  function labelView(viewer: Actor, order: OrderRow, row: LabelRow | undefined, now: Date): OrderLabelView {
    const step = row?.step ?? "none";
    return {
      provider: "melhorenvio",
      service_id: row?.serviceId ?? labelServiceOf(order) ?? 0,
      step,
      external_id: row?.externalId ?? null,
      protocol: row?.protocol ?? null,
      price_cents: row?.priceCents ?? null,
      label_url: row?.labelUrl ?? null,
      tracking_code: row?.trackingCode ?? null,
      last_error: row?.lastError ?? null,
      in_progress: row?.inProgressUntil ? row.inProgressUntil > now : false,
      can_buy: isAdmin(viewer) && LABELABLE.includes(order.status) && step !== "printed",
      can_mark_sent: isAdmin(viewer) && LABELABLE.includes(order.status) && step === "printed",
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  }

  /** An order the administrator may buy a label for, and its Melhor Envio service. */
  function labelable(order: OrderRow): number {
    const serviceId = labelServiceOf(order);
    if (serviceId === null) throw conflict(NOT_MELHOR_ENVIO);
    if (!LABELABLE.includes(order.status)) throw conflict(NOT_PAID);
    return serviceId;
  }

  return {
    /**
     * The label part of the order's view: for administrators, on an order sent by a Melhor Envio service;
     * null otherwise.
     */
    async labelOf(viewer: Actor, order: OrderRow, now = new Date()): Promise<OrderLabelView | null> {
      if (!isAdmin(viewer) || labelServiceOf(order) === null) return null;
      return labelView(viewer, order, await labelRow(order.id), now);
    },

    /**
     * Buys the order's label from the shop's Melhor Envio balance (administrators; a paid or processing
     * order sent by a Melhor Envio service): cart, checkout, generate, print, each step written as soon as
     * it succeeds. A failure stops there, with its pt-BR reason on the label (and thrown); calling again
     * resumes from that step. The order starts being prepared once the label is paid.
     */
    async buy(actor: Actor | null, orderId: number, now = new Date()): Promise<OrderLabelView> {
      const admin = requireAdmin(actor);
      const order = await readOrder(admin, orderId);
      const serviceId = labelable(order);
      const me = await client();
      let row = await hold(order, serviceId, now);
      if (row.step === "printed") return labelView(admin, order, row, now);
      let failure: string | null = null;
      try {
        // Only the step this request found is one an earlier request may have left half done.
        let resumed = true;
        while (row.step !== "printed") {
          row = await step(me, admin, order, row, resumed);
          resumed = false;
        }
      } catch (error) {
        if (error instanceof MelhorEnvioError) {
          const refusal = refusalOf(error);
          failure = refusal.message;
          context.logger.warn({ err: error, order: order.id, step: row.step }, "melhor envio label step failed");
          throw refusal;
        }
        failure = isDomainError(error) ? error.message : UNEXPECTED;
        throw error;
      } finally {
        await db
          .update(orderLabels)
          .set({ inProgressUntil: null, ...(failure === null ? {} : { lastError: failure }), updatedAt: new Date() })
          .where(eq(orderLabels.id, row.id));
      }
      // The order may have moved to "Em processamento" with the label's payment.
      return labelView(admin, await readOrder(admin, orderId), await labelRow(orderId), new Date());
    },

    /**
     * The order's journey as Melhor Envio tells it, to its customer and administrators; asked again when
     * the last answer is 30 minutes old (or `refresh`, administrators only), else read from the order.
     * Null when the order has no paid label to follow.
     */
    async tracking(
      actor: Actor | null,
      orderId: number,
      options: { refresh?: boolean; now?: Date } = {},
    ): Promise<OrderShipmentTrackingView | null> {
      const viewer = requireUser(actor);
      const order = await readOrder(viewer, orderId);
      if (options.refresh) requireAdmin(viewer);
      const now = options.now ?? new Date();
      const row = await labelRow(order.id);
      if (!row?.externalId || !isStepReached(row.step, "paid")) return null;
      const current = options.refresh || trackingDue(row, now) ? await askTracking(row, now) : row;
      return trackingView(viewer, order, current);
    },

    /**
     * "Marcar como enviado": the order moves to "Produto enviado" with the label's tracking code, followed
     * on Melhor Rastreio, and the customer's e-mail links it (administrators).
     */
    async markSent(actor: Actor | null, orderId: number): Promise<OrderRow> {
      const admin = requireAdmin(actor);
      const order = await readOrder(admin, orderId);
      let row = await labelRow(order.id);
      if (row?.step !== "printed") throw conflict("Compre a etiqueta antes de marcar o pedido como enviado.");
      if (row.trackingCode === null) row = await askTracking(row, new Date());
      const code = row.trackingCode;
      if (code === null)
        throw conflict(
          "O Melhor Envio ainda não informou o código de rastreamento desta etiqueta. Tente de novo em alguns minutos.",
        );
      const protocol = row.protocol;
      return context.transaction(async (tx) => {
        const [locked] = await tx.db.select().from(orders).where(eq(orders.id, order.id)).for("update");
        if (!locked) throw conflict("O pedido não existe mais.");
        return moveOrder(tx, locked, "sent", admin, {
          note: protocol ? `Etiqueta do Melhor Envio, protocolo ${protocol}.` : "Etiqueta do Melhor Envio.",
          tracking: { carrier: "melhorenvio", code, url: row.trackingUrl },
        });
      });
    },

    /**
     * "Marcar como recebido": a sent order whose tracking shows it delivered moves to "Produto recebido",
     * the delivery's date and time (São Paulo) in its note (administrators).
     */
    async markReceived(actor: Actor | null, orderId: number): Promise<OrderRow> {
      const admin = requireAdmin(actor);
      const order = await readOrder(admin, orderId);
      const row = await labelRow(order.id);
      const delivered = row ? deliveredAt(row.trackingEvents) : null;
      if (delivered === null) throw conflict("O Melhor Envio ainda não informou a entrega deste pedido.");
      return context.transaction(async (tx) => {
        const [locked] = await tx.db.select().from(orders).where(eq(orders.id, order.id)).for("update");
        if (!locked) throw conflict("O pedido não existe mais.");
        return moveOrder(tx, locked, "received", admin, {
          note: `Entregue em ${formatDateTime(delivered)} (horário de Brasília), segundo o Melhor Envio.`,
        });
      });
    },
  };
}

export type OrderLabels = ReturnType<typeof createOrderLabels>;
