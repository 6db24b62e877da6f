import { Badge, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { roleLabels, type UserRole, userRoles } from "../../../../common/roles.ts";
import { userListQuerySchema } from "../../../../common/schemas/user.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { UserView } from "../../../../common/views/users.ts";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import { EditAction, type RecordColumn } from "../../../components/conta/record-table.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

const roleColors: Record<UserRole, string> = { user: "gray", admin: "primary", super: "secondary" };

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, userListQuerySchema.shape);
  const users = await services.users.list(actor, query);
  redirectPastLastPage(url, users.pagination, users.data.length);
  return { users, actorId: actor.id, filtered: query.q !== "" || query.role !== undefined };
}

export const action = listDeleteAction(
  ({ services, actor }, id) => services.users.remove(actor, id),
  "Usuário excluído.",
);

export function meta() {
  return [{ title: "Usuários" }];
}

const roleFilter = {
  name: "role",
  label: "Perfil",
  options: [
    { value: "", label: "Todos os perfis" },
    ...userRoles.map((role) => ({ value: role, label: roleLabels[role] })),
  ],
};

function userColumns(actorId: number): RecordColumn<UserView>[] {
  return [
    {
      heading: "Nome",
      cell: (user) => (
        <Text fw={600}>
          {user.name}
          {user.id === actorId ? (
            <Text component="span" c="dimmed" fw={400}>
              {" "}
              (você)
            </Text>
          ) : null}
        </Text>
      ),
    },
    { heading: "E-mail", cell: (user) => user.email, cellProps: { style: { wordBreak: "break-all" } } },
    {
      heading: "Perfil",
      cell: (user) => (
        <Badge color={roleColors[user.role]} variant="light">
          {roleLabels[user.role]}
        </Badge>
      ),
    },
    {
      heading: "Verificação em duas etapas",
      cell: (user) =>
        user.two_factor ? (
          <Badge color="success" variant="light">
            Ativada
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Desativada
          </Text>
        ),
    },
    {
      heading: "Criado em",
      cell: (user) => formatDateTime(user.created_at),
      cellProps: { style: { whiteSpace: "nowrap" } },
    },
  ];
}

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { users, actorId, filtered } = loaderData;
  return (
    <RecordListScreen
      heading="Usuários"
      create={{ to: accountPaths.create("users"), label: "Novo usuário" }}
      search={{
        label: "Buscar por nome ou e-mail",
        filters: [roleFilter],
        active: filtered,
        noMatch: { title: "Nenhum usuário encontrado", description: "Tente outra busca ou outro perfil." },
      }}
      empty={{
        icon: <IconUsers aria-hidden />,
        title: "Nenhum usuário cadastrado",
        description: "Crie o primeiro com o botão Novo usuário.",
      }}
      table={{
        rows: users.data,
        rowKey: (user) => user.id,
        columns: userColumns(actorId),
        label: "Usuários",
        minWidth: 880,
        actions: (user) => (
          <>
            <EditAction to={accountPaths.edit("users", user.id)} name={user.name} />
            {/* The service refuses to remove one's own account, so no button is offered. */}
            {user.id === actorId ? null : (
              <ConfirmDelete subject={user.name} title="Excluir usuário" fields={{ id: user.id }}>
                O usuário “{user.name}” ({user.email}) será excluído e não poderá mais entrar.
              </ConfirmDelete>
            )}
          </>
        ),
      }}
      pages={{ pagination: users.pagination, noun: ["usuário", "usuários"] }}
    />
  );
}
