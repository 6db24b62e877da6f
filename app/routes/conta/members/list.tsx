import { Anchor, Button, Text, VisuallyHidden } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { formatTaxId } from "../../../../common/brazil/tax-id.ts";
import { memberListQuerySchema, memberStatuses, memberStatusLabels } from "../../../../common/schemas/members.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { MemberView, PlanView } from "../../../../common/views/members.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { MEMBER_IMPORT, MEMBER_SETTINGS, MEMBERS_EXPORT, PLANS_LIST } from "../../../components/conta/member-paths.ts";
import { MemberStatusBadge } from "../../../components/conta/member-status.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import type { Route } from "./+types/list";

/** The register: by number (proposals last), searched and filtered by status and plan. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, memberListQuerySchema.shape);
  const [members, plans] = await Promise.all([services.members.list(actor, query), services.members.listPlans(actor)]);
  redirectPastLastPage(url, members.pagination, members.data.length);
  return {
    members,
    plans: plans.data,
    filtered: query.q !== "" || query.status !== undefined || query.plan_id !== undefined,
  };
}

export function meta() {
  return [{ title: "Associados" }];
}

const statusFilter = {
  name: "status",
  label: "Situação",
  options: [
    { value: "", label: "Todas as situações" },
    ...memberStatuses.map((status) => ({ value: status, label: memberStatusLabels[status] })),
  ],
};

const planFilter = (plans: PlanView[]) => ({
  name: "plan_id",
  label: "Plano",
  options: [
    { value: "", label: "Todos os planos" },
    ...plans.map((plan) => ({ value: String(plan.id), label: plan.name })),
  ],
});

const nowrap = { style: { whiteSpace: "nowrap" } } as const;

const memberColumns: RecordColumn<MemberView>[] = [
  {
    heading: "Nº",
    cell: (member) => (member.number === null ? "—" : String(member.number)),
    cellProps: nowrap,
  },
  {
    heading: "Nome",
    cell: (member) => (
      <Anchor component={AppLink} to={accountPaths.edit("membros", member.id)} fw={600} size="sm">
        {member.name}
      </Anchor>
    ),
  },
  { heading: "CPF/CNPJ", cell: (member) => formatTaxId(member.tax_id), cellProps: nowrap },
  { heading: "Plano", cell: (member) => member.plan.name },
  { heading: "Situação", cell: (member) => <MemberStatusBadge status={member.status} size="sm" /> },
  {
    heading: "Em dia",
    cell: (member) =>
      member.in_good_standing ? (
        "Sim"
      ) : (
        <Text component="span" size="sm" c="var(--mantine-color-error)" fw={600}>
          Não
        </Text>
      ),
  },
];

export default function MembersList({ loaderData }: Route.ComponentProps) {
  const { members, plans, filtered } = loaderData;
  return (
    <RecordListScreen
      heading="Associados"
      actions={
        <>
          <Button component={AppLink} to={PLANS_LIST} variant="default">
            Planos
          </Button>
          <Button component={AppLink} to={MEMBER_IMPORT} variant="default">
            Importar
          </Button>
          <Button component="a" href={MEMBERS_EXPORT} download variant="default">
            Exportar CSV
          </Button>
          <Button component={AppLink} to={MEMBER_SETTINGS} variant="default">
            {/* The account's menu has the site's own "Configurações": this one is the members'. */}
            Configurações <VisuallyHidden>dos associados</VisuallyHidden>
          </Button>
        </>
      }
      create={{ to: accountPaths.create("membros"), label: "Novo associado" }}
      search={{
        label: "Buscar por nome, e-mail, CPF/CNPJ ou número",
        filters: [statusFilter, planFilter(plans)],
        active: filtered,
        noMatch: { title: "Nenhum associado encontrado", description: "Tente outra busca, situação ou plano." },
      }}
      empty={{
        icon: <IconUsers aria-hidden />,
        title: "Nenhum associado cadastrado",
        description:
          plans.length === 0
            ? "Cadastre antes um plano (em Planos): ele diz quanto e quando cada associado paga."
            : "Cadastre os associados da cooperativa com o plano de cada um; as mensalidades vêm do plano.",
      }}
      table={{
        rows: members.data,
        rowKey: (member) => member.id,
        columns: memberColumns,
        label: "Associados, por número",
        minWidth: 760,
        actions: (member) => <EditAction to={accountPaths.edit("membros", member.id)} name={member.name} />,
      }}
      pages={{ pagination: members.pagination, noun: ["associado", "associados"] }}
    />
  );
}
