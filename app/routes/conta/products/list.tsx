import { ActionIcon, Anchor, Badge, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconCopy, IconPackage, IconStarFilled } from "@tabler/icons-react";
import { Form } from "react-router";
import { formatBRL } from "../../../../common/money.ts";
import {
  LOW_STOCK_UNITS,
  type ProductStatus,
  productStatuses,
  productStatusLabels,
} from "../../../../common/schemas/product.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import type { ListFilter } from "../../../components/conta/list-toolbar.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { productList } from "../../../lib/product-routes.server.ts";
import type { Route } from "./+types/list";

export const loader = productList.loader;
export const action = productList.action;

export function meta() {
  return [{ title: "Produtos" }];
}

const statusColors: Record<ProductStatus, string> = { draft: "gray", published: "success", archived: "warning" };

const filters: ListFilter[] = [
  {
    name: "status",
    label: "Situação",
    options: [
      { value: "", label: "Todas as situações" },
      ...productStatuses.map((status) => ({ value: status, label: productStatusLabels[status] })),
    ],
  },
  {
    name: "stock",
    label: "Estoque",
    options: [
      { value: "", label: "Todo o estoque" },
      { value: "in_stock", label: "Em estoque" },
      { value: "out_of_stock", label: "Esgotado" },
      { value: "low", label: `Estoque baixo (até ${LOW_STOCK_UNITS} unidades numa variação)` },
    ],
  },
];

type ProductRow = Route.ComponentProps["loaderData"]["items"]["data"][number];

const editPath = (product: ProductRow) => accountPaths.edit("produtos", product.id);

const columns: RecordColumn<ProductRow>[] = [
  {
    heading: "Nome",
    cell: (product) => (
      <>
        <Anchor component={AppLink} to={editPath(product)} fw={600} c="inherit">
          {product.name}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
          {product.url}
        </Text>
      </>
    ),
  },
  {
    heading: "Preço",
    cell: (product) =>
      product.compare_at_cents === null ? (
        formatBRL(product.price_cents)
      ) : (
        <>
          de <s>{formatBRL(product.compare_at_cents)}</s> por {formatBRL(product.price_cents)}
        </>
      ),
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
  {
    heading: "Estoque",
    cell: (product) =>
      product.in_stock ? (
        product.stock.toLocaleString("pt-BR")
      ) : (
        <Badge color="danger" variant="light" miw="max-content">
          Esgotado
        </Badge>
      ),
  },
  {
    heading: "Situação",
    cell: (product) => (
      <Badge color={statusColors[product.status]} variant="light" miw="max-content">
        {productStatusLabels[product.status]}
      </Badge>
    ),
  },
  {
    heading: "Destaque",
    cell: (product) =>
      product.featured ? (
        <>
          <IconStarFilled size={16} aria-hidden color="var(--mantine-color-warning-6)" />
          <VisuallyHidden>Em destaque</VisuallyHidden>
        </>
      ) : null,
  },
];

/** Posts the copy request; the action answers with the copy's edit screen. */
function DuplicateAction({ product }: { product: ProductRow }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="duplicate" />
      <input type="hidden" name="id" value={product.id} />
      <Tooltip label="Duplicar">
        <ActionIcon type="submit" variant="subtle" aria-label={`Duplicar ${product.name}`}>
          <IconCopy size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Form>
  );
}

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { items, filtered } = loaderData;
  return (
    <RecordListScreen
      heading="Produtos"
      create={{ to: accountPaths.create("produtos"), label: "Novo produto" }}
      search={{
        label: "Buscar produtos",
        filters,
        active: filtered,
        noMatch: { title: "Nenhum produto encontrado" },
      }}
      empty={{
        icon: <IconPackage aria-hidden />,
        title: "Nenhum produto cadastrado",
        description: "Crie o primeiro com o botão Novo produto.",
      }}
      table={{
        rows: items.data,
        rowKey: (product) => product.id,
        columns,
        label: "Produtos",
        minWidth: 760,
        actions: (product) => (
          <>
            <EditAction to={editPath(product)} name={product.name} />
            <DuplicateAction product={product} />
            <ConfirmDelete subject={product.name} title="Excluir produto" fields={{ id: product.id }}>
              O produto “{product.name}” será excluído. Se ele estiver em algum pedido, será arquivado em vez de
              excluído.
            </ConfirmDelete>
          </>
        ),
      }}
      pages={{ pagination: items.pagination, noun: ["produto", "produtos"] }}
    />
  );
}
