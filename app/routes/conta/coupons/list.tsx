import { Badge, Text } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import {
  type CouponStatus,
  couponListQuerySchema,
  couponStatuses,
  couponStatusLabels,
} from "../../../../common/schemas/coupons.ts";
import { deleteSchema } from "../../../../common/schemas/id.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { CouponView } from "../../../../common/views/coupons.ts";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { couponBenefit, couponValidity } from "../../../components/conta/coupon-form.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { intentAction, submitForm } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import type { Route } from "./+types/list";

const COUPON_DELETED = "Cupom excluído.";
const COUPON_DEACTIVATED = "O cupom já foi usado em pedidos: foi desativado em vez de excluído.";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, couponListQuerySchema.shape);
  const coupons = await services.coupons.list(actor, query);
  redirectPastLastPage(url, coupons.pagination, coupons.data.length);
  return { coupons, filtered: query.q !== "" || query.status !== undefined };
}

/** Back to the same search and page, as every account list's delete (record-routes.server.ts). */
export function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return intentAction(request, {
    delete: (form) =>
      submitForm(form, deleteSchema, async ({ id }) => {
        const outcome = await services.coupons.remove(actor, id);
        return redirectWithFlash(
          url.pathname + url.search,
          outcome === "deleted" ? COUPON_DELETED : COUPON_DEACTIVATED,
        );
      }),
  });
}

export function meta() {
  return [{ title: "Cupons" }];
}

const statusColors: Record<CouponStatus, string> = {
  active: "success",
  scheduled: "primary",
  expired: "gray",
  exhausted: "warning",
  inactive: "gray",
};

const statusFilter = {
  name: "status",
  label: "Situação",
  options: [
    { value: "", label: "Todas as situações" },
    ...couponStatuses.map((status) => ({ value: status, label: couponStatusLabels[status] })),
  ],
};

const couponColumns: RecordColumn<CouponView>[] = [
  {
    heading: "Código",
    cell: (coupon) => (
      <Text size="sm" ff="monospace" fw={600} style={{ wordBreak: "break-all" }}>
        {coupon.code}
      </Text>
    ),
  },
  { heading: "Desconto", cell: couponBenefit, cellProps: { style: { whiteSpace: "nowrap" } } },
  { heading: "Validade", cell: couponValidity },
  {
    heading: "Usos",
    cell: (coupon) => (coupon.max_uses === null ? String(coupon.uses) : `${coupon.uses} de ${coupon.max_uses}`),
    cellProps: { style: { whiteSpace: "nowrap" } },
  },
  {
    heading: "Situação",
    cell: (coupon) => (
      <Badge color={statusColors[coupon.status]} variant="light">
        {couponStatusLabels[coupon.status]}
      </Badge>
    ),
  },
];

export default function CouponsList({ loaderData }: Route.ComponentProps) {
  const { coupons, filtered } = loaderData;
  return (
    <RecordListScreen
      heading="Cupons"
      create={{ to: accountPaths.create("cupons"), label: "Novo cupom" }}
      search={{
        label: "Buscar por código ou nota",
        filters: [statusFilter],
        active: filtered,
        noMatch: { title: "Nenhum cupom encontrado", description: "Tente outra busca ou outra situação." },
      }}
      empty={{
        icon: <IconTicket aria-hidden />,
        title: "Nenhum cupom cadastrado",
        description:
          "Um cupom dá um desconto em porcentagem, um valor fixo ou frete grátis a quem digitar o código no carrinho, com as condições que você escolher.",
      }}
      table={{
        rows: coupons.data,
        rowKey: (coupon) => coupon.id,
        columns: couponColumns,
        label: "Cupons",
        minWidth: 720,
        actions: (coupon) => (
          <>
            <EditAction to={accountPaths.edit("cupons", coupon.id)} name={coupon.code} />
            <ConfirmDelete subject={coupon.code} title="Excluir cupom" fields={{ id: coupon.id }}>
              {coupon.uses > 0
                ? `O cupom ${coupon.code} já foi usado em pedidos: ele será desativado em vez de excluído, e os pedidos guardam o desconto que receberam.`
                : `O código ${coupon.code} deixará de dar desconto.`}
            </ConfirmDelete>
          </>
        ),
      }}
      pages={{ pagination: coupons.pagination, noun: ["cupom", "cupons"] }}
    />
  );
}
