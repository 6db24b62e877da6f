import { Alert, Badge, Button, Text } from "@mantine/core";
import { IconMailForward, IconSend } from "@tabler/icons-react";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { type MailStatus, mailStatusColors, mailStatuses, mailStatusLabels } from "../../../../common/mail-status.ts";
import { mailRetrySchema } from "../../../../common/schemas/mail.ts";
import type { MailView } from "../../../../common/views/mail.ts";
import { z } from "../../../../common/zod.ts";
import { RecordListScreen } from "../../../components/conta/record-list-screen.tsx";
import type { RecordColumn } from "../../../components/conta/record-table.tsx";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { formAction } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { readListQuery } from "../../../lib/list-query.ts";
import { redirectPastLastPage } from "../../../lib/page-links.ts";
import type { Route } from "./+types/list";

const statusFilter = { status: z.enum(mailStatuses).optional() };

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const query = readListQuery(url, statusFilter);
  const mails = await services.mail.list(actor, query);
  redirectPastLastPage(url, mails.pagination, mails.data.length);
  return { mails, filtered: query.q !== "" || query.status !== undefined };
}

/** Sends one e-mail again, then back to the same search and page. */
export function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return formAction(request, mailRetrySchema, async ({ id }) => {
    await services.mail.retry(actor, id);
    return redirectWithFlash(url.pathname + url.search, "E-mail colocado na fila de envio.");
  });
}

export function meta() {
  return [{ title: "E-mails" }];
}

const statusSelect = {
  name: "status",
  label: "Situação",
  options: [
    { value: "", label: "Todas" },
    ...mailStatuses.map((status) => ({ value: status, label: mailStatusLabels[status] })),
  ],
};

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <Badge color={mailStatusColors[status]} variant="light">
      {mailStatusLabels[status]}
    </Badge>
  );
}

/** When it went, or when it is tried next. */
function when(mail: MailView): string {
  if (mail.sent_at) return `Enviado em ${formatDateTime(mail.sent_at)}`;
  if (mail.status === "pending") return `Próxima tentativa: ${formatDateTime(mail.next_attempt_at)}`;
  return "";
}

const columns: RecordColumn<MailView>[] = [
  {
    heading: "Assunto",
    cell: (mail) => (
      <>
        <Text size="sm" fw={600}>
          {mail.subject}
        </Text>
        <Text size="xs" c="dimmed">
          Criado em {formatDateTime(mail.created_at)}
        </Text>
        <details>
          <summary>
            <Text span size="xs">
              Ver o texto
            </Text>
          </summary>
          <Text size="xs" style={{ whiteSpace: "pre-wrap" }}>
            {mail.text}
          </Text>
        </details>
      </>
    ),
    cellProps: { maw: 320 },
  },
  { heading: "Para", cell: (mail) => mail.to, cellProps: { style: { wordBreak: "break-all" } } },
  {
    heading: "Situação",
    cell: (mail) => (
      <>
        <StatusBadge status={mail.status} />
        <Text size="xs" c="dimmed" mt={4}>
          {when(mail)}
        </Text>
      </>
    ),
  },
  { heading: "Tentativas", cell: (mail) => mail.attempts, cellProps: { ta: "center" } },
  {
    heading: "Último erro",
    cell: (mail) =>
      mail.last_error ? (
        <Text size="xs" lineClamp={3} title={mail.last_error} style={{ overflowWrap: "anywhere" }}>
          {mail.last_error}
        </Text>
      ) : (
        "—"
      ),
    cellProps: { maw: 260 },
  },
];

function RetryButton({ mail }: { mail: MailView }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("id") === String(mail.id);
  return (
    <Form method="post">
      <input type="hidden" name="id" value={mail.id} />
      <Button
        type="submit"
        size="compact-sm"
        variant="default"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={sending}
        aria-label={`Enviar de novo: ${mail.subject}, para ${mail.to}`}
      >
        Enviar de novo
      </Button>
    </Form>
  );
}

export default function MailOutbox({ loaderData }: Route.ComponentProps) {
  const { mails, filtered } = loaderData;
  return (
    <>
      {mails.smtp_configured ? null : (
        // The example address is one long word: it breaks rather than running out of the box on a phone.
        <Alert color="yellow" title="Envio de e-mails não configurado" mb="md" style={{ overflowWrap: "anywhere" }}>
          Os e-mails ficam guardados aqui, na fila, e nenhum se perde. Para enviá-los, defina a variável de ambiente
          SMTP_URL com o servidor de e-mail (por exemplo smtp://usuario:senha@smtp.provedor.com.br:587) e reinicie o
          site.
        </Alert>
      )}
      <RecordListScreen
        heading="E-mails"
        search={{
          label: "Buscar por destinatário ou assunto",
          filters: [statusSelect],
          active: filtered,
          noMatch: { title: "Nenhum e-mail encontrado" },
        }}
        empty={{
          icon: <IconMailForward aria-hidden />,
          title: "Nenhum e-mail enviado",
          description:
            "Os e-mails do site (pedidos, pagamentos, envios, mensagens de contato) aparecem aqui, com a situação de cada envio.",
        }}
        table={{
          rows: mails.data,
          rowKey: (mail) => mail.id,
          columns,
          label: "E-mails do site, dos mais novos aos mais antigos",
          minWidth: 860,
          actions: (mail) => (mail.status === "sent" ? null : <RetryButton mail={mail} />),
        }}
        pages={{ pagination: mails.pagination, noun: ["e-mail", "e-mails"] }}
      />
    </>
  );
}
