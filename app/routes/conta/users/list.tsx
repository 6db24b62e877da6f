import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { IconPencil, IconUsers } from "@tabler/icons-react";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { roleLabels, type UserRole, userRoles } from "../../../../common/roles.ts";
import { userListQuerySchema } from "../../../../common/schemas/user.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { ListToolbar, readListQuery } from "../../../components/conta/list-toolbar.tsx";
import { PaginationBar, redirectPastLastPage } from "../../../components/conta/pagination-bar.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
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

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { users, actorId, filtered } = loaderData;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Usuários
        </Title>
        <Button component={AppLink} to={accountPaths.create("users")}>
          Novo usuário
        </Button>
      </Group>
      <ListToolbar searchLabel="Buscar por nome ou e-mail" filters={[roleFilter]} />
      {users.data.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconUsers aria-hidden />}
            title={filtered ? "Nenhum usuário encontrado" : "Nenhum usuário cadastrado"}
            description={filtered ? "Tente outra busca ou outro perfil." : "Crie o primeiro com o botão Novo usuário."}
          />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" highlightOnHover aria-label="Usuários">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Perfil</Table.Th>
                  <Table.Th>Criado em</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>
                      <Text fw={600}>
                        {user.name}
                        {user.id === actorId ? (
                          <Text component="span" c="dimmed" fw={400}>
                            {" "}
                            (você)
                          </Text>
                        ) : null}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ wordBreak: "break-all" }}>{user.email}</Table.Td>
                    <Table.Td>
                      <Badge color={roleColors[user.role]} variant="light">
                        {roleLabels[user.role]}
                      </Badge>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(user.created_at)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <Tooltip label="Editar">
                          <ActionIcon
                            component={AppLink}
                            to={accountPaths.edit("users", user.id)}
                            variant="subtle"
                            aria-label={`Editar ${user.name}`}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        {/* The service refuses to remove one's own account, so no button is offered. */}
                        {user.id === actorId ? null : (
                          <ConfirmDelete subject={user.name} title="Excluir usuário" fields={{ id: user.id }}>
                            O usuário “{user.name}” ({user.email}) será excluído e não poderá mais entrar.
                          </ConfirmDelete>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <PaginationBar pagination={users.pagination} noun={["usuário", "usuários"]} />
    </Stack>
  );
}
