import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconBrandWhatsapp, IconCreditCard, IconPrinter } from "@tabler/icons-react";
import { data, redirect } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { rejectionFix } from "../../../../common/fiscal-rejections.ts";
import { consequenceTexts, moveConsequences, needsConfirmation } from "../../../../common/order-move-consequences.ts";
import { type OrderStatus, orderStatuses, unpaidOrderStatuses } from "../../../../common/order-status.ts";
import { isAdmin } from "../../../../common/roles.ts";
import { orderAddressCorrectionSchema, orderStatusChangeSchema } from "../../../../common/schemas/orders.ts";
import { accountPaths, sitePaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { CORRECT_ADDRESS_INTENT, OrderAddressForm } from "../../../components/conta/order-address-form.tsx";
import { OrderFacts, OrderItems } from "../../../components/conta/order-details.tsx";
import { OrderHistory } from "../../../components/conta/order-history.tsx";
import { OrderLabel } from "../../../components/conta/order-label.tsx";
import { CustomerNote, isNoteAnswer, type NotePanel, OrderNote } from "../../../components/conta/order-note.tsx";
import { OrderStatusBadge } from "../../../components/conta/order-status-badge.tsx";
import {
  CONFIRM_MOVE_INTENT,
  ConfirmMove,
  OrderStatusForm,
  type PendingMove,
} from "../../../components/conta/order-status-form.tsx";
import { OrderTracking } from "../../../components/conta/order-tracking.tsx";
import { ConfirmAction } from "../../../components/form-kit/confirm-action.tsx";
import { flashHeader, redirectWithFlash } from "../../../lib/flash.server.ts";
import { formAction, readForm, refusedForm, submitForm } from "../../../lib/form-action.server.ts";
import { answerFor } from "../../../lib/form-answer.ts";
import { requireUser, type SignedInApp } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import { intentOf, orderLabelAction } from "../../../lib/order-label-actions.server.ts";
import { orderNoteAction } from "../../../lib/order-note-actions.server.ts";
import { orderWhatsappHref } from "../../../lib/order-whatsapp.server.ts";
import type { Route } from "./+types/show";

/** Another customer's order does not exist for her: the service answers 404, never 403. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const app = requireUser(context);
  const { services, actor } = app;
  const id = idParam(params);
  const order = await loadOr404(() => services.orders.get(actor, id));
  // Only an order sent by Melhor Envio has its journey there (asked again at most every 30 minutes).
  const tracking = order.shipping.provider === "melhorenvio" ? await services.orders.tracking(actor, id) : null;
  const admin = isAdmin(actor);
  return {
    order,
    admin,
    whatsappHref: await orderWhatsappHref(app, order),
    tracking,
    ...(admin
      ? await adminNote(app, id)
      : { notePanel: null, customerNote: await services.fiscal.customerView(actor, id) }),
  };
}

/** The administrators' nota fiscal panel, and the environment a note sent now goes to. */
async function adminNote({ services, flows, actor }: SignedInApp, id: number) {
  const [panel, settings] = await Promise.all([flows.notePanel(services, actor, id), services.fiscal.settings(actor)]);
  return {
    notePanel: panel.enabled || panel.note ? { ...panel, environment: settings.environment } : null,
    customerNote: null,
  };
}

/** Whether canceling the order asks to cancel its note too: its note is authorised (administrators). */
async function noteAuthorized({ services, actor }: SignedInApp, id: number): Promise<boolean> {
  if (!isAdmin(actor)) return false;
  return (await services.fiscal.adminView(actor, id))?.state === "authorized";
}

const NOTE_QUESTION =
  "Este pedido tem nota fiscal autorizada: marque abaixo para cancelá-la também. A SEFAZ aceita o cancelamento até 24 horas depois da autorização; depois disso só o pedido é cancelado.";

/** The question a move asks before it is done, with what was posted to do it. */
async function pendingMove(app: SignedInApp, id: number, to: OrderStatus, form: FormData): Promise<PendingMove> {
  const current = await app.services.orders.get(app.actor, id);
  const note_cancel = to === "canceled" && (await noteAuthorized(app, id));
  const fields = Object.fromEntries(
    [...form].flatMap(([name, value]) => (typeof value === "string" && name !== "confirmed" ? [[name, value]] : [])),
  );
  const texts = [
    ...consequenceTexts(to, moveConsequences(current.status, to)),
    ...(note_cancel ? [NOTE_QUESTION] : []),
  ];
  return { to, texts, fields, note_cancel };
}

/** "Pedido cancelado.", and what became of its note when the cancellation asked for it. */
async function moved(id: number, status: string, label: string, note: { cancelled: boolean; message: string } | null) {
  const done = status === "canceled" ? "Pedido cancelado." : `Situação alterada para “${label}”.`;
  const told = note ? `${done} ${note.message}` : done;
  return redirect(accountPaths.order(id), {
    headers: { "Set-Cookie": await flashHeader(note && !note.cancelled ? "error" : "success", told) },
  });
}

/**
 * A move along the state machine (administrators) or a customer canceling her unpaid order. A move that
 * e-mails the customer or gives stock back is done only once confirmed: the form asks first with
 * JavaScript; without it, and for a cancellation that may cancel the order's authorised note too, this
 * answers the question and the page asks it (ConfirmMove), again with its refusal when its fields are
 * refused. The Melhor Envio label's and tracking's buttons are answered by orderLabelAction, the nota
 * fiscal's by orderNoteAction.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const app = requireUser(context);
  const { services, actor } = app;
  const id = idParam(params);
  const labelAnswer = await orderLabelAction(app, request, id);
  if (labelAnswer) return labelAnswer;
  const noteAnswer = await orderNoteAction(app, request, id);
  if (noteAnswer) return noteAnswer;
  if ((await intentOf(request)) === CORRECT_ADDRESS_INTENT)
    return formAction(request, orderAddressCorrectionSchema, async (input) => {
      await services.orders.correctAddress(actor, id, input);
      return redirectWithFlash(`${accountPaths.order(id)}#endereco`, "Endereço do pedido corrigido.");
    });
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return refusedForm(error);
  }
  const answer = await submitForm(form, orderStatusChangeSchema, async (input, posted) => {
    const current = await services.orders.get(actor, id);
    const consequences = moveConsequences(current.status, input.status);
    if (needsConfirmation(consequences) && posted.get("confirmed") !== "yes")
      return data({ pending: await pendingMove(app, id, input.status, posted) });
    const order = await services.orders.changeStatus(actor, id, input);
    return moved(id, order.status, order.status_label, order.note_cancellation);
  });
  // The confirmation's own fields refused (the note's justification): the question is asked again beside them.
  const to = orderStatuses.find((status) => status === form.get("status"));
  if (form.get("intent") === CONFIRM_MOVE_INTENT && to && "data" in answer && "result" in answer.data)
    return data({ ...answer.data, pending: await pendingMove(app, id, to, form) }, answer.init ?? undefined);
  return answer;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Pedido nº ${loaderData.order.number}` : "Pedido" }];
}

/** The customer's own way out of an unpaid order, asked first. */
function CancelOrder({ number }: { number: number }) {
  return (
    <ConfirmAction
      intent="cancel"
      fields={{ status: "canceled", note: "Cancelado pelo cliente.", confirmed: "yes" }}
      label="Cancelar pedido"
      title={`Cancelar o pedido nº ${number}?`}
      confirmLabel="Cancelar pedido"
    >
      Os itens voltam para a loja e você recebe um e-mail confirmando o cancelamento.
    </ConfirmAction>
  );
}

/**
 * Whether the note waits on the order's own address or CPF/CNPJ (a blocking field, or SEFAZ's rejection of
 * one): its form is then open where "Corrigir" leads, without JavaScript too.
 */
function orderDataToFix(panel: NotePanel | null): boolean {
  if (!panel) return false;
  const note = panel.note;
  const rejected = note?.state === "rejected" ? rejectionFix(note.sefaz_status, note.sefaz_message) : null;
  return rejected?.place === "order" || panel.problems.some((problem) => problem.fix_path.includes("#endereco"));
}

const pendingOf = (answer: unknown): PendingMove | undefined =>
  typeof answer === "object" && answer !== null && "pending" in answer ? (answer.pending as PendingMove) : undefined;

export default function OrderScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { order, admin } = loaderData;
  const pending = pendingOf(actionData);
  const unpaid = unpaidOrderStatuses.includes(order.status);
  const customerCancels = !admin && order.next_statuses.includes("canceled");
  return (
    <Stack>
      <Button
        component={AppLink}
        to={accountPaths.area("pedidos")}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        {admin ? "Voltar para os pedidos" : "Voltar para meus pedidos"}
      </Button>
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Pedido nº {order.number}
        </Title>
        <span data-testid="order-status">
          <OrderStatusBadge status={order.status} size="lg" />
        </span>
      </Group>
      <Text c="dimmed" size="sm">
        Feito em {formatDateTime(order.created_at)}
        {unpaid ? ` · aguardando pagamento até ${formatDateTime(order.expires_at)}` : ""}
      </Text>
      {pending ? (
        <ConfirmMove
          pending={pending}
          orderPath={accountPaths.order(order.id)}
          answer={answerFor(actionData, CONFIRM_MOVE_INTENT)}
        />
      ) : null}
      {unpaid && !admin ? (
        <Group>
          <Button
            component="a"
            href={sitePaths.payment(order.id)}
            leftSection={<IconCreditCard size={16} aria-hidden />}
          >
            Pagar
          </Button>
          {customerCancels ? <CancelOrder number={order.number} /> : null}
        </Group>
      ) : customerCancels ? (
        <CancelOrder number={order.number} />
      ) : null}
      {loaderData.whatsappHref ? (
        <Button
          component="a"
          href={loaderData.whatsappHref}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          w="fit-content"
        >
          Fale conosco pelo WhatsApp
        </Button>
      ) : null}
      {admin ? (
        <Group>
          <Button
            component="a"
            href={accountPaths.orderDeclaration(order.id)}
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
          >
            Imprimir etiqueta e declaração
          </Button>
        </Group>
      ) : null}
      {order.label ? (
        <OrderLabel label={order.label} serviceName={order.shipping.name} shippingCents={order.shipping_cents} />
      ) : null}
      {loaderData.tracking ? <OrderTracking tracking={loaderData.tracking} admin={admin} /> : null}
      {loaderData.notePanel ? (
        <OrderNote panel={loaderData.notePanel} order={order} orderNumber={order.number} answer={actionData} />
      ) : null}
      {loaderData.customerNote ? <CustomerNote note={loaderData.customerNote} /> : null}
      {admin && order.next_statuses.length > 0 ? (
        <OrderStatusForm
          key={order.status}
          from={order.status}
          next={order.next_statuses}
          answer={isNoteAnswer(actionData) || answerFor(actionData, CONFIRM_MOVE_INTENT) ? undefined : actionData}
          noteAuthorized={loaderData.notePanel?.note?.state === "authorized"}
        />
      ) : null}
      <OrderItems order={order} />
      <OrderFacts
        order={order}
        addressEditor={
          admin ? (
            <OrderAddressForm
              address={order.address}
              taxId={order.customer.tax_id}
              answer={actionData}
              open={orderDataToFix(loaderData.notePanel)}
            />
          ) : undefined
        }
      />
      <OrderHistory history={order.history} noteHistory={loaderData.notePanel?.note?.history} />
    </Stack>
  );
}
