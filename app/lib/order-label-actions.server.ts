import { redirect } from "react-router";
import { failureOf } from "../../common/failure.ts";
import { accountPaths } from "../../common/site-paths.ts";
import { labelIntents } from "../components/conta/order-label.tsx";
import { trackingIntents } from "../components/conta/order-tracking.tsx";
import { flashHeader, redirectWithFlash } from "./flash.server.ts";
import type { SignedInApp } from "./guards.server.ts";

type Run = (app: SignedInApp, id: number) => Promise<{ type: "success" | "error"; message: string }>;

/** Each button of the order's label and tracking, and what its success says. */
const RUNS: Record<string, Run> = {
  [labelIntents.buy]: async ({ services, actor }, id) => {
    await services.orders.buyLabel(actor, id);
    return { type: "success", message: "Etiqueta comprada: pronta para imprimir." };
  },
  [labelIntents.sent]: async ({ services, actor }, id) => {
    await services.orders.markLabelSent(actor, id);
    return { type: "success", message: "Pedido marcado como enviado." };
  },
  [trackingIntents.refresh]: async ({ services, actor }, id) => {
    const tracking = await services.orders.refreshTracking(actor, id);
    return tracking?.notice
      ? { type: "error", message: tracking.notice }
      : { type: "success", message: "Rastreamento atualizado." };
  },
  [trackingIntents.received]: async ({ services, actor }, id) => {
    await services.orders.markDelivered(actor, id);
    return { type: "success", message: "Pedido marcado como recebido." };
  },
};

/** The posted form's `intent`, read from a copy of the request so the page's other forms can still read it. */
export async function intentOf(request: Request): Promise<string | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) return null;
  try {
    const intent = (await request.clone().formData()).get("intent");
    return typeof intent === "string" ? intent : null;
  } catch {
    return null;
  }
}

/**
 * The order page's label and tracking buttons (plain form posts, so they work without JavaScript): the
 * order page again with a toast saying what happened, or why not (the label keeps its reason too). Null
 * when the post is not one of them: the page's other forms read it then.
 */
export async function orderLabelAction(app: SignedInApp, request: Request, id: number): Promise<Response | null> {
  const intent = await intentOf(request);
  const run = intent !== null && Object.hasOwn(RUNS, intent) ? RUNS[intent] : undefined;
  if (!run) return null;
  const page = accountPaths.order(id);
  try {
    const done = await run(app, id);
    if (done.type === "success") return redirectWithFlash(page, done.message);
    return redirect(page, { headers: { "Set-Cookie": await flashHeader("error", done.message) } });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return redirect(page, { headers: { "Set-Cookie": await flashHeader("error", failure.body.message) } });
  }
}
