import { Anchor, Badge, Group, Text, VisuallyHidden } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { ContactView } from "../../../../common/views/contacts.ts";
import { z } from "../../../../common/zod.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import type { RecordColumn, RecordTableProps } from "../../../components/conta/record-table.tsx";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import { listDeleteAction } from "../../../lib/record-routes.server.ts";
import type { Route } from "./+types/list";

/** The read filter's choices, in the order the select offers them. */
const readStates = ["unread", "read"] as const;
const readStateLabels: Record<(typeof readStates)[number], string> = { unread: "Não lidas", read: "Lidas" };

const statusFilter = { status: z.enum(readStates).optional() };

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
    ...readStates.map((state) => ({ value: state, label: readStateLabels[state] })),
  ],
};

/** Unread messages stand out in bold. */
const weight = (contact: ContactView) => (contact.read ? 400 : 700);

const contactColumns: RecordColumn<ContactView>[] = [
  {
    heading: "Nome",
    cell: (contact) => (
      <Group gap={6} wrap="nowrap">
        {/* Loading the message marks it read, so it must not load on hover. */}
        <Anchor component={AppLink} to={accountPaths.contactMessage(contact.id)} prefetch="none" fw={weight(contact)}>
          {contact.name}
        </Anchor>
        {contact.read ? null : (
          <Badge color="secondary" size="sm" autoContrast>
            Nova
          </Badge>
        )}
      </Group>
    ),
  },
  {
    heading: "E-mail",
    cell: (contact) => contact.email,
    cellProps: (contact) => ({ fw: weight(contact), style: { wordBreak: "break-all" } }),
  },
  {
    heading: "Mensagem",
    cell: (contact) => (
      <Text size="sm" fw={weight(contact)} lineClamp={2}>
        {contact.message}
      </Text>
    ),
    cellProps: { maw: 320 },
  },
  {
    heading: "Recebida em",
    cell: (contact) => formatDateTime(contact.created_at),
    cellProps: (contact) => ({ fw: weight(contact), style: { whiteSpace: "nowrap" } }),
  },
];

/** The table of messages, but for the rows of the page shown. */
const contactTable: Omit<RecordTableProps<ContactView>, "rows"> = {
  rowKey: (contact) => contact.id,
  columns: contactColumns,
  label: "Mensagens de contato, das mais novas às mais antigas",
  minWidth: 720,
  rowProps: (contact) => ({ "data-unread": contact.read ? undefined : true }),
  actions: (contact) => (
    <ConfirmDelete subject={`a mensagem de ${contact.name}`} title="Excluir mensagem" fields={{ id: contact.id }}>
      A mensagem de “{contact.name}” ({contact.email}) será excluída.
    </ConfirmDelete>
  ),
};

export default function ContactsList({ loaderData }: Route.ComponentProps) {
  const { contacts, filtered } = loaderData;
  return (
    <RecordListScreen
      heading={
        <>
          Contatos
          {contacts.unread > 0 ? <VisuallyHidden>, {unreadText(contacts.unread)}</VisuallyHidden> : null}
        </>
      }
      badge={
        contacts.unread > 0 ? (
          <Badge color="secondary" size="lg" autoContrast aria-hidden>
            {unreadText(contacts.unread)}
          </Badge>
        ) : null
      }
      search={{
        label: "Buscar por nome, e-mail ou mensagem",
        filters: [readFilter],
        active: filtered,
        noMatch: { title: "Nenhuma mensagem encontrada" },
      }}
      empty={{
        icon: <IconMail aria-hidden />,
        title: "Nenhuma mensagem recebida",
        description: "As mensagens enviadas pelo formulário de contato do site aparecem aqui.",
      }}
      table={{ ...contactTable, rows: contacts.data }}
      pages={{ pagination: contacts.pagination, noun: ["mensagem", "mensagens"] }}
    />
  );
}
