import { Badge, Button } from "@mantine/core";
import { IconArrowLeft, IconCalendarDollar } from "@tabler/icons-react";
import { formatBRL } from "../../../../common/money.ts";
import type { PlanView } from "../../../../common/views/members.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { MEMBERS_LIST, PLAN_CREATE, planEditPath } from "../../../components/conta/member-paths.ts";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

/** Every plan, by name, with how many members each has. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  return { plans: (await services.members.listPlans(actor)).data };
}

/** A plan with members is refused (409): the confirmation says why, and the plan stays. */
export const action = listDeleteAction(
  ({ services, actor }, id) => services.members.removePlan(actor, id),
  "Plano excluído.",
);

export function meta() {
  return [{ title: "Planos" }];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const nowrap = { style: { whiteSpace: "nowrap" } } as const;

const planColumns: RecordColumn<PlanView>[] = [
  { heading: "Nome", cell: (plan) => plan.name },
  { heading: "Valor", cell: (plan) => formatBRL(plan.amount_cents), cellProps: nowrap },
  { heading: "Periodicidade", cell: (plan) => plan.cycle_label },
  { heading: "Vencimento", cell: (plan) => `Todo dia ${plan.due_day}`, cellProps: nowrap },
  { heading: "Tolerância", cell: (plan) => plural(plan.grace_days, "dia", "dias"), cellProps: nowrap },
  {
    heading: "Suspender após",
    cell: (plan) => `${plural(plan.suspend_after, "mensalidade", "mensalidades")} em atraso`,
  },
  {
    heading: "Ativo",
    cell: (plan) => (
      <Badge color={plan.active ? "success" : "gray"} variant="light" miw="max-content">
        {plan.active ? "Sim" : "Não"}
      </Badge>
    ),
  },
  { heading: "Associados", cell: (plan) => String(plan.members), cellProps: nowrap },
];

export default function PlansList({ loaderData }: Route.ComponentProps) {
  return (
    <RecordListScreen
      heading="Planos"
      actions={
        <Button
          component={AppLink}
          to={MEMBERS_LIST}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Associados
        </Button>
      }
      create={{ to: PLAN_CREATE, label: "Novo plano" }}
      empty={{
        icon: <IconCalendarDollar aria-hidden />,
        title: "Nenhum plano cadastrado",
        description:
          "Um plano diz quanto cada associado paga, a cada quanto tempo e em que dia; os associados são cadastrados num plano.",
      }}
      table={{
        rows: loaderData.plans,
        rowKey: (plan) => plan.id,
        columns: planColumns,
        label: "Planos, por nome",
        minWidth: 860,
        actions: (plan) => (
          <>
            <EditAction to={planEditPath(plan.id)} name={plan.name} />
            <ConfirmDelete subject={`o plano ${plan.name}`} title="Excluir plano" fields={{ id: plan.id }}>
              {plan.members > 0
                ? `O plano ${plan.name} tem ${plural(plan.members, "associado", "associados")}: só um plano sem associados pode ser excluído.`
                : `O plano ${plan.name} será excluído.`}
            </ConfirmDelete>
          </>
        ),
      }}
    />
  );
}
