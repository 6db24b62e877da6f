import { Anchor, EmptyState, Paper, Stack, Text, Title } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { carrierLabels } from "../../../../common/brazil/tracking.ts";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { formatBRL } from "../../../../common/money.ts";
import { isAdmin } from "../../../../common/roles.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { CustomerNoteView } from "../../../../common/views/fiscal.ts";
import type { OrderListItem } from "../../../../common/views/orders.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { isFiltered } from "../../../components/conta/list-filter-form.tsx";
import { TrackingLink } from "../../../components/conta/order-details.tsx";
import { OrderFilters } from "../../../components/conta/order-filters.tsx";
import { OrderStatusBadge } from "../../../components/conta/order-status-badge.tsx";
import { PaginationBar } from "../../../components/conta/pagination-bar.tsx";
import { type RecordColumn, RecordTable } from "../../../components/conta/record-table.tsx";
import { requireUser } from "../../../lib/guards.server.ts";
import { readOrderListQuery } from "../../../lib/orders.server.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import type { Route } from "./+types/list";

/** A customer sees her own orders ("Meus pedidos"); administrators see every order and filter them. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const admin = isAdmin(actor);
  const { query, errors } = readOrderListQuery(url);
  const orders = await services.orders.list(
    actor,
    admin ? query : { ...query, q: "", status: "", needs: "", from: "", to: "" },
  );
  redirectPastLastPage(url, orders.pagination, orders.data.length);
  const filters = { q: query.q, status: query.status, needs: query.needs, from: query.from, to: query.to };
  // Her orders' notas fiscais, each with its DANFE once authorised.
  const notes = admin
    ? {}
    : await services.fiscal.customerViews(
        actor,
        orders.data.map((order) => order.id),
      );
  return { orders, admin, filters, errors, notes };
}

const headingOf = (admin: boolean) => (admin ? "Pedidos" : "Meus pedidos");

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: headingOf(loaderData?.admin ?? false) }];
}

const numberColumn: RecordColumn<OrderListItem> = {
  heading: "Pedido",
  cell: (order) => (
    <Anchor component={AppLink} to={accountPaths.order(order.id)} fw={600}>
      Nº {order.number}
    </Anchor>
  ),
  cellProps: { style: { whiteSpace: "nowrap" } },
};

const customerColumn: RecordColumn<OrderListItem> = {
  heading: "Cliente",
  cell: (order) => (
    <>
      <Text size="sm" fw={500}>
        {order.customer_name}
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
        {order.customer_email}
      </Text>
    </>
  ),
};

const restColumns: RecordColumn<OrderListItem>[] = [
  {
    heading: "Itens",
    cell: (order) => (order.item_count === 1 ? "1 item" : `${order.item_count.toLocaleString("pt-BR")} itens`),
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
  {
    heading: "Total",
    cell: (order) => formatBRL(order.total_cents),
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
  { heading: "Situação", cell: (order) => <OrderStatusBadge status={order.status} size="sm" /> },
];

/** Her parcel once sent: the code, and the carrier's tracking page when there is one. */
const trackingColumn: RecordColumn<OrderListItem> = {
  heading: "Rastreamento",
  cell: (order) =>
    order.tracking_code === null ? (
      <Text size="sm" c="dimmed">
        Ainda não enviado
      </Text>
    ) : (
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {order.tracking_carrier ? `${carrierLabels[order.tracking_carrier]}: ` : ""}
          {order.tracking_code}
        </Text>
        {order.tracking_url ? <TrackingLink url={order.tracking_url} /> : null}
      </Stack>
    ),
};

const dateColumn: RecordColumn<OrderListItem> = {
  heading: "Data",
  cell: (order) => formatDateTime(order.created_at),
  cellProps: { style: { whiteSpace: "nowrap" } },
};

/** Her order's nota fiscal: where it stands, and its DANFE once authorised. */
const noteColumn = (notes: Record<number, CustomerNoteView>): RecordColumn<OrderListItem> => ({
  heading: "Nota fiscal",
  cell: (order) => {
    const note = notes[order.id];
    if (!note)
      return (
        <Text size="sm" c="dimmed">
          —
        </Text>
      );
    return (
      <Stack gap={2}>
        <Text size="sm">{note.state_label}</Text>
        {note.danfe_url ? (
          <Anchor href={note.danfe_url} size="sm" aria-label={`Nota fiscal (DANFE) do pedido nº ${order.number}`}>
            DANFE (PDF)
          </Anchor>
        ) : null}
      </Stack>
    );
  },
});

const adminColumns = [numberColumn, dateColumn, customerColumn, ...restColumns];
const customerColumns = (notes: Record<number, CustomerNoteView>) => [
  numberColumn,
  dateColumn,
  ...restColumns,
  trackingColumn,
  noteColumn(notes),
];

export default function OrdersList({ loaderData }: Route.ComponentProps) {
  const { orders, admin, filters, errors, notes } = loaderData;
  const heading = headingOf(admin);
  const filtered = admin && isFiltered(filters);
  return (
    <Stack>
      <Title order={1} size="h2">
        {heading}
      </Title>
      {admin ? <OrderFilters values={filters} errors={errors} /> : null}
      {orders.data.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconReceipt aria-hidden />}
            title={filtered ? "Nenhum pedido encontrado" : "Nenhum pedido ainda"}
            description={
              filtered
                ? "Tente outra busca ou outro filtro."
                : admin
                  ? "Os pedidos feitos na loja aparecem aqui."
                  : "Os pedidos que você fizer na loja aparecem aqui."
            }
          />
        </Paper>
      ) : (
        <RecordTable
          rows={orders.data}
          rowKey={(order) => order.id}
          columns={admin ? adminColumns : customerColumns(notes)}
          label={`${heading}, dos mais novos aos mais antigos`}
          minWidth={admin ? 820 : 880}
        />
      )}
      <PaginationBar pagination={orders.pagination} noun={["pedido", "pedidos"]} />
    </Stack>
  );
}
