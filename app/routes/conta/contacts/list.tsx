import { Anchor, Badge, EmptyState, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { z } from "../../../../common/zod.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { ListToolbar, readListQuery } from "../../../components/conta/list-toolbar.tsx";
import { PaginationBar, redirectPastLastPage } from "../../../components/conta/pagination-bar.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

const statusFilter = { status: z.enum(["read", "unread"]).optional() };

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, statusFilter);
  const contacts = await services.contacts.list(actor, query);
  redirectPastLastPage(url, contacts.pagination, contacts.data.length);
  return { contacts, filtered: query.q !== "" || query.status !== undefined };
}

export const action = listDeleteAction(
  ({ services, actor }, id) => services.contacts.remove(actor, id),
  "Mensagem excluída.",
);

const unreadText = (count: number) => (count === 1 ? "1 não lida" : `${count} não lidas`);

export function meta({ loaderData }: Route.MetaArgs) {
  const unread = loaderData?.contacts.unread ?? 0;
  return [{ title: unread > 0 ? `Contatos (${unreadText(unread)})` : "Contatos" }];
}

const readFilter = {
  name: "status",
  label: "Mostrar",
  options: [
    { value: "", label: "Todas" },
    { value: "unread", label: "Não lidas" },
    { value: "read", label: "Lidas" },
  ],
};

export default function ContactsList({ loaderData }: Route.ComponentProps) {
  const { contacts, filtered } = loaderData;
  return (
    <Stack>
      <Group gap="sm">
        <Title order={1} size="h2">
          Contatos
          {contacts.unread > 0 ? <VisuallyHidden>, {unreadText(contacts.unread)}</VisuallyHidden> : null}
        </Title>
        {contacts.unread > 0 ? (
          <Badge color="secondary" size="lg" autoContrast aria-hidden>
            {unreadText(contacts.unread)}
          </Badge>
        ) : null}
      </Group>
      <ListToolbar searchLabel="Buscar por nome, e-mail ou mensagem" filters={[readFilter]} />
      {contacts.data.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconMail aria-hidden />}
            title={filtered ? "Nenhuma mensagem encontrada" : "Nenhuma mensagem recebida"}
            description={
              filtered
                ? "Tente outra busca ou outro filtro."
                : "As mensagens enviadas pelo formulário de contato do site aparecem aqui."
            }
          />
        </Paper>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={720}>
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label="Mensagens de contato, das mais novas às mais antigas"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Mensagem</Table.Th>
                  <Table.Th>Recebida em</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Ações</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contacts.data.map((contact) => {
                  const weight = contact.read ? 400 : 700;
                  return (
                    <Table.Tr key={contact.id} data-unread={contact.read ? undefined : true}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          {/* Loading the message marks it read, so it must not load on hover. */}
                          <Anchor
                            component={AppLink}
                            to={accountPaths.contactMessage(contact.id)}
                            prefetch="none"
                            fw={weight}
                          >
                            {contact.name}
                          </Anchor>
                          {contact.read ? null : (
                            <Badge color="secondary" size="sm" autoContrast>
                              Nova
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td fw={weight} style={{ wordBreak: "break-all" }}>
                        {contact.email}
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" fw={weight} lineClamp={2}>
                          {contact.message}
                        </Text>
                      </Table.Td>
                      <Table.Td fw={weight} style={{ whiteSpace: "nowrap" }}>
                        {formatDateTime(contact.created_at)}
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end" wrap="nowrap">
                          <ConfirmDelete
                            subject={`a mensagem de ${contact.name}`}
                            title="Excluir mensagem"
                            fields={{ id: contact.id }}
                          >
                            A mensagem de “{contact.name}” ({contact.email}) será excluída.
                          </ConfirmDelete>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <PaginationBar pagination={contacts.pagination} noun={["mensagem", "mensagens"]} />
    </Stack>
  );
}
