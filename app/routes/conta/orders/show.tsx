import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconCreditCard, IconPrinter, IconX } from "@tabler/icons-react";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { unpaidOrderStatuses } from "../../../../common/order-status.ts";
import { isAdmin } from "../../../../common/roles.ts";
import { orderStatusChangeSchema } from "../../../../common/schemas/orders.ts";
import { accountPaths, sitePaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { OrderFacts, OrderItems } from "../../../components/conta/order-details.tsx";
import { OrderHistory } from "../../../components/conta/order-history.tsx";
import { OrderStatusBadge } from "../../../components/conta/order-status-badge.tsx";
import { OrderMoveRefusal, OrderStatusForm } from "../../../components/conta/order-status-form.tsx";
import { formAction } from "../../../lib/action.server.ts";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { requireUser } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import { isFailure } from "../../../lib/use-server-errors.ts";
import type { Route } from "./+types/show";

/** Another customer's order does not exist for her: the service answers 404, never 403. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const id = idParam(params);
  return { order: await loadOr404(() => services.orders.get(actor, id)), admin: isAdmin(actor) };
}

/** A move along the state machine (administrators) or a customer canceling her unpaid order. */
export function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireUser(context);
  const id = idParam(params);
  return formAction(request, orderStatusChangeSchema, async (input) => {
    const order = await services.orders.changeStatus(actor, id, input);
    const message =
      order.status === "canceled" ? "Pedido cancelado." : `Situação alterada para “${order.status_label}”.`;
    return redirectWithFlash(accountPaths.order(id), message);
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Pedido nº ${loaderData.order.number}` : "Pedido" }];
}

/** The customer's own way out of an unpaid order. */
function CancelOrder() {
  const navigation = useNavigation();
  const canceling = navigation.state === "submitting" && navigation.formData?.get("status") === "canceled";
  return (
    <Form method="post">
      <input type="hidden" name="status" value="canceled" />
      <input type="hidden" name="note" value="Cancelado pelo cliente." />
      <Button
        type="submit"
        color="danger"
        variant="light"
        leftSection={<IconX size={16} aria-hidden />}
        loading={canceling}
      >
        Cancelar pedido
      </Button>
    </Form>
  );
}

export default function OrderScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { order, admin } = loaderData;
  const failure = isFailure(actionData) ? actionData : undefined;
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
      <OrderMoveRefusal failure={failure} />
      {unpaid && !admin ? (
        <Group>
          <Button
            component="a"
            href={sitePaths.payment(order.id)}
            leftSection={<IconCreditCard size={16} aria-hidden />}
          >
            Pagar
          </Button>
          {customerCancels ? <CancelOrder /> : null}
        </Group>
      ) : customerCancels ? (
        <CancelOrder />
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
      {admin && order.next_statuses.length > 0 ? (
        <OrderStatusForm key={order.status} next={order.next_statuses} failure={failure} />
      ) : null}
      <OrderItems order={order} />
      <OrderFacts order={order} />
      <OrderHistory history={order.history} />
    </Stack>
  );
}
