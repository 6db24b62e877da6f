import { data, redirect } from "react-router";
import { payByText } from "../../../common/dates/pay-by.ts";
import { formatBRL } from "../../../common/money.ts";
import { unpaidOrderStatuses } from "../../../common/order-status.ts";
import { pixReceiverName } from "../../../common/pix/br-code.ts";
import { parseId } from "../../../common/schemas/id.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { OrderPaymentView } from "../../../common/views/orders.ts";
import { AppLink } from "../../components/app-link.tsx";
import { OrderStatusBadge } from "../../components/site/checkout-status.tsx";
import { CopyCode } from "../../components/site/copy-code.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { Alert, buttonClass, Container, Stack } from "../../components/site/ui/ui.tsx";
import { WhatsappLink } from "../../components/site/whatsapp-link.tsx";
import { getApp } from "../../lib/context.server.ts";
import { loadOr404, notFoundPage } from "../../lib/not-found.server.ts";
import { orderWhatsappHref } from "../../lib/order-whatsapp.server.ts";
import type { Route } from "./+types/payment";
import styles from "./payment.module.css";

/** One customer's order and how to pay it: never kept by the page cache or any shared cache. */
const PERSONAL = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PERSONAL });

/**
 * /checkout?pedido={id} — where the checkout lands: the order's number, status and total and how to
 * pay it (the Pix QR code and "copia e cola", the provider's QR code or link, or the shop's
 * instructions). Only the signed-in buyer (or an administrator) sees it; anyone else gets a 404, and a
 * visitor signs in first and comes back.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const url = new URL(request.url);
  if (!actor) throw redirect(sitePaths.loginThenBack(url.pathname + url.search));
  const id = parseId(url.searchParams.get("pedido") ?? undefined);
  if (id === null) throw notFoundPage();
  const { order, payment } = await loadOr404(() => services.orders.payment(actor, id));
  const total = formatBRL(order.total_cents);
  return data(
    {
      id: order.id,
      number: order.number,
      status: order.status,
      total,
      qrLabel: qrLabel(payment, total),
      // Until the shop's expiry cancels it (orders.expires_at); nothing once paid or with nothing to pay.
      payBy: unpaidOrderStatuses.includes(order.status) && payment.kind !== "none" ? payByText(order.expires_at) : null,
      email: order.customer.email,
      payment,
      orderHref: accountPaths.order(order.id),
      retryHref: sitePaths.payment(order.id),
      whatsappHref: await orderWhatsappHref({ services, actor }, order),
    },
    { headers: { "Cache-Control": PERSONAL } },
  );
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seoMeta({
    root: matches[0].loaderData,
    title: loaderData ? `Pedido nº ${loaderData.number}` : "Pagamento",
    path: "/checkout",
    noindex: true,
  });
}

/**
 * The QR image's text for those who do not see it: what it pays, to whom (the name the bank's app will
 * show), and that the code below does the same.
 */
function qrLabel(payment: OrderPaymentView, total: string): string {
  const code = "copy_paste" in payment ? payment.copy_paste : null;
  const receiver = code ? pixReceiverName(code) : null;
  const pays = `QR code Pix para pagar ${total}${receiver ? ` a ${receiver}` : ""}`;
  return code ? `${pays}; o código Pix copia e cola abaixo faz o mesmo` : pays;
}

function HowToPay({ payment, qrLabel, retryHref }: { payment: OrderPaymentView; qrLabel: string; retryHref: string }) {
  switch (payment.kind) {
    case "pix_static":
      return (
        <Stack gap="md">
          <h2>Pague com Pix</h2>
          <p>Abra o aplicativo do seu banco, escolha pagar com Pix e leia o QR code ou cole o código abaixo.</p>
          <div
            className={styles.qr}
            role="img"
            aria-label={qrLabel}
            // The SVG is made by the server from the order's BR Code (server/modules/payments), never from input.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR image
            dangerouslySetInnerHTML={{ __html: payment.qr_svg }}
          />
          <CopyCode label="Pix copia e cola" code={payment.copy_paste} />
          <p className={styles.muted}>A loja confirma o pagamento assim que ele chegar.</p>
        </Stack>
      );
    case "provider":
      return (
        <Stack gap="md">
          <h2>Pagamento</h2>
          {payment.qr_png_base64 ? (
            <img
              className={styles.qr}
              src={`data:image/png;base64,${payment.qr_png_base64}`}
              alt={qrLabel}
              width={240}
              height={240}
            />
          ) : null}
          {payment.copy_paste ? <CopyCode label="Pix copia e cola" code={payment.copy_paste} /> : null}
          {payment.ticket_url ? (
            <p>
              <a href={payment.ticket_url} className={buttonClass("outline")} rel="noopener noreferrer">
                Ver instruções de pagamento
              </a>
            </p>
          ) : null}
          {payment.card_checkout_url ? (
            <p>
              <a href={payment.card_checkout_url} className={buttonClass()} rel="noopener noreferrer">
                Pagar com cartão
              </a>
            </p>
          ) : null}
        </Stack>
      );
    case "manual":
      return (
        <Stack gap="sm">
          <h2>Como pagar</h2>
          <p className={styles.instructions}>{payment.instructions}</p>
        </Stack>
      );
    case "unavailable":
      return (
        <Alert tone="warning" title="Pagamento indisponível no momento">
          <p>{payment.message}</p>
          <p>
            <a href={retryHref} className={buttonClass("outline", "sm")}>
              Tentar novamente
            </a>
          </p>
        </Alert>
      );
    case "none":
      return <p>{payment.message}</p>;
  }
}

export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { number, status, total, qrLabel, payBy, email, payment, orderHref, retryHref, whatsappHref } = loaderData;
  return (
    <Container section>
      <Stack gap="lg" className={styles.page}>
        <Stack gap="xs">
          <h1>Pedido nº {number}</h1>
          <p className={styles.summary}>
            <OrderStatusBadge status={status} />
            <span>
              Total: <strong>{total}</strong>
            </span>
          </p>
          {payBy ? <p className={styles.deadline}>{payBy}</p> : null}
          <p className={styles.muted}>Enviamos os detalhes do pedido e do pagamento para {email}.</p>
        </Stack>
        <HowToPay payment={payment} qrLabel={qrLabel} retryHref={retryHref} />
        <p>
          <AppLink to={orderHref}>Acompanhar o pedido em Meus pedidos</AppLink>
        </p>
        {whatsappHref ? (
          <p>
            <WhatsappLink href={whatsappHref} />
          </p>
        ) : null}
      </Stack>
    </Container>
  );
}
