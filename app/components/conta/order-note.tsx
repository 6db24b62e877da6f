import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconDownload, IconFileTypePdf } from "@tabler/icons-react";
import { formatDateTime } from "../../../common/dates/format.ts";
import { type RejectedOrder, rejectionFix, rejectionFixLinks } from "../../../common/fiscal-rejections.ts";
import {
  CANCEL_JUSTIFICATION,
  CORRECTION_TEXT,
  type FiscalEnvironment,
  noteCancelSchema,
  noteCorrectionSchema,
} from "../../../common/schemas/fiscal.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CustomerNoteView, FiscalNoteView, NoteProblemView } from "../../../common/views/fiscal.ts";
import { answerFor, type FormAnswer } from "../../lib/form-answer.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { ConfirmAction } from "../form-kit/confirm-action.tsx";
import { TextareaField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { Fact } from "./order-details.tsx";

/** The order page's actions for its nota fiscal (app/lib/order-note-actions.server.ts answers them). */
export const noteIntents = { issue: "issue-note", cancel: "cancel-note", correct: "correct-note" } as const;

/** The order page's fiscal panel (server/flows/fiscal-notes.ts's notePanel) and the environment a note sent now goes to. */
export type NotePanel = {
  enabled: boolean;
  note: FiscalNoteView | null;
  problems: NoteProblemView[];
  environment: FiscalEnvironment;
};

type NoteState = FiscalNoteView["state"];

// Mantine's shade 6 of each reaches 4.5:1 only with black text (order-status-badge.tsx).
const STATE_COLORS: Record<NoteState, string> = {
  waiting: "yellow",
  processing: "blue",
  authorized: "green",
  rejected: "red",
  denied: "red",
  cancelled: "gray",
};

export function NoteStateBadge({ state, label }: { state: NoteState; label: string }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" c="black" miw="max-content" data-state={state}>
      {label}
    </Badge>
  );
}

/** The 44 digits of the access key in groups of four, as the DANFE prints them (Focus NFe prefixes "NFe"). */
const accessKeyText = (key: string) =>
  key
    .replace(/\D/g, "")
    .replace(/(\d{4})(?=\d)/g, "$1 ")
    .trim();

const ENVIRONMENT_NAMES: Record<FiscalEnvironment, string> = { homologacao: "homologação", producao: "produção" };

/** Whether the action's answer is one of this panel's forms' (the page's other forms leave it alone). */
export const isNoteAnswer = (answer: unknown) =>
  answerFor(answer, noteIntents.cancel) !== undefined || answerFor(answer, noteIntents.correct) !== undefined;

function NoteFacts({ note }: { note: FiscalNoteView }) {
  const sefaz = [note.sefaz_status, note.sefaz_message].filter(Boolean).join(": ");
  return (
    <Stack gap="xs" component="dl" m={0}>
      {note.number ? (
        <Fact term="Número e série">
          nº {note.number}, série {note.series ?? "—"}
        </Fact>
      ) : null}
      {note.access_key ? <Fact term="Chave de acesso">{accessKeyText(note.access_key)}</Fact> : null}
      {note.authorized_at ? <Fact term="Autorizada em">{formatDateTime(note.authorized_at)}</Fact> : null}
      {note.cancelled_at ? <Fact term="Cancelada em">{formatDateTime(note.cancelled_at)}</Fact> : null}
      {sefaz && note.state !== "rejected" && note.state !== "denied" ? <Fact term="SEFAZ">{sefaz}</Fact> : null}
    </Stack>
  );
}

/** The field SEFAZ's code names, what to check, and the screens where it is fixed (common/fiscal-rejections.ts). */
function FieldToFix({ note, order }: { note: FiscalNoteView; order: RejectedOrder }) {
  const fix = rejectionFix(note.sefaz_status, note.sefaz_message);
  if (!fix) return null;
  return (
    <Stack gap={4} data-testid="note-field-to-fix">
      <Text size="sm">
        <Text span size="sm" fw={700}>
          Campo a corrigir:
        </Text>{" "}
        {fix.field}
        {fix.item === null ? "" : ` (item ${fix.item} da nota)`}
      </Text>
      <Text size="sm">{fix.hint}</Text>
      <Group gap="sm">
        {rejectionFixLinks(fix, order).map((link) => (
          <Anchor
            key={link.path}
            component={AppLink}
            to={link.path}
            size="sm"
            fw={600}
            aria-label={`Corrigir ${fix.field}: ${link.label}`}
          >
            Corrigir em {link.label}
          </Anchor>
        ))}
      </Group>
    </Stack>
  );
}

/** Why SEFAZ (or Focus NFe, before SEFAZ saw it) refused the note, what Focus NFe pointed at, and what to fix. */
function Refusal({ note, order }: { note: FiscalNoteView; order: RejectedOrder }) {
  if (note.state !== "rejected" && note.state !== "denied") return null;
  const sefaz = [note.sefaz_status, note.sefaz_message].filter(Boolean).join(": ");
  return (
    <Alert
      color="danger"
      variant="light"
      role="note"
      title={note.state === "denied" ? "Uso denegado pela SEFAZ" : "Nota rejeitada pela SEFAZ"}
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {sefaz || "A SEFAZ não deu o motivo."}
        </Text>
        {note.provider_errors.length > 0 ? (
          <List size="sm">
            {note.provider_errors.map((error) => (
              <List.Item key={error} style={{ overflowWrap: "anywhere" }}>
                {error}
              </List.Item>
            ))}
          </List>
        ) : null}
        {note.state === "rejected" ? <FieldToFix note={note} order={order} /> : null}
        <Text size="sm">
          {note.state === "denied"
            ? "Uma nota denegada não pode ser emitida de novo: fale com a sua contabilidade."
            : "Corrija o que a SEFAZ apontou e emita novamente."}
        </Text>
      </Stack>
    </Alert>
  );
}

/** Every field that blocks the note now, each with the screen where it is fixed. */
function Problems({ problems }: { problems: NoteProblemView[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="warning" variant="light" role="note" title="O que impede a emissão">
      <List size="sm" spacing="xs" data-testid="note-problems">
        {problems.map((problem) => (
          <List.Item key={`${problem.field}:${problem.message}`} style={{ overflowWrap: "anywhere" }}>
            {problem.message}{" "}
            <Anchor
              component={AppLink}
              to={problem.fix_path}
              size="sm"
              fw={600}
              aria-label={`Corrigir: ${problem.message}`}
            >
              Corrigir
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The note's files, ours once authorised (server/modules/fiscal/routes.ts serves them as downloads). */
function NoteFiles({ note }: { note: FiscalNoteView }) {
  const files = [
    { url: note.danfe_url, label: "Abrir DANFE (PDF)", icon: <IconFileTypePdf size={16} aria-hidden /> },
    { url: note.xml_url, label: "Baixar XML", icon: <IconDownload size={16} aria-hidden /> },
    {
      url: note.cancellation_xml_url,
      label: "Baixar XML do cancelamento",
      icon: <IconDownload size={16} aria-hidden />,
    },
    {
      url: note.correction_pdf_url,
      label: "Abrir carta de correção (PDF)",
      icon: <IconFileTypePdf size={16} aria-hidden />,
    },
  ].flatMap((file) => (file.url ? [{ ...file, url: file.url }] : []));
  if (files.length === 0) return null;
  return (
    <Group gap="sm">
      {files.map((file) => (
        <Button key={file.url} component="a" href={file.url} variant="default" leftSection={file.icon}>
          {file.label}
        </Button>
      ))}
    </Group>
  );
}

/** "Cancelar nota": the justification SEFAZ keeps, within its 24 hours. */
function CancelNoteForm({ answer }: { answer: FormAnswer | undefined }) {
  const { form, fields } = useAccountForm({ schema: noteCancelSchema, answer, id: "note-cancel" });
  return (
    <AccountForm form={form} intent={noteIntents.cancel} label="Cancelar nota" refusedTitle="A nota não foi cancelada">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Cancelar nota
        </Title>
        <Text size="sm" c="dimmed">
          A SEFAZ aceita o cancelamento até 24 horas depois da autorização, com uma justificativa. O pedido continua
          como está: cancele-o também, se for o caso.
        </Text>
        <TextareaField
          field={fields.justification}
          label="Justificativa"
          description={`De ${CANCEL_JUSTIFICATION.min} a ${CANCEL_JUSTIFICATION.max} caracteres; fica registrada na SEFAZ.`}
          maxLength={CANCEL_JUSTIFICATION.max}
        />
        <Group>
          <SubmitButton intent={noteIntents.cancel} color="danger">
            Cancelar nota
          </SubmitButton>
        </Group>
      </Stack>
    </AccountForm>
  );
}

/** "Carta de correção": a text correction of the authorised note; each one replaces the last. */
function CorrectNoteForm({ answer }: { answer: FormAnswer | undefined }) {
  const { form, fields } = useAccountForm({ schema: noteCorrectionSchema, answer, id: "note-correction" });
  return (
    <AccountForm
      form={form}
      intent={noteIntents.correct}
      label="Carta de correção"
      refusedTitle="A carta de correção não foi registrada"
    >
      <Stack gap="sm">
        <Title order={3} size="h5">
          Carta de correção
        </Title>
        <Text size="sm" c="dimmed">
          Corrige textos da nota. Valores, quantidades, o destinatário e as datas não podem ser corrigidos assim. Uma
          nova carta substitui a anterior: escreva todas as correções.
        </Text>
        <TextareaField
          field={fields.correction}
          label="Correção"
          description={`De ${CORRECTION_TEXT.min} a ${CORRECTION_TEXT.max} caracteres.`}
          maxLength={CORRECTION_TEXT.max}
        />
        <Group>
          <SubmitButton intent={noteIntents.correct} variant="default">
            Registrar carta de correção
          </SubmitButton>
        </Group>
      </Stack>
    </AccountForm>
  );
}

/**
 * An order's nota fiscal, for its administrators: where it stands, what SEFAZ said, what blocks it (each with
 * "Corrigir"), "Emitir nota fiscal" or "Emitir novamente" once nothing does, its files, "Cancelar nota" and
 * "Carta de correção" while it is authorised. Its steps are in the order's history (OrderHistory), one timeline
 * for the owner. Every button is a plain form post.
 */
export function OrderNote({
  panel,
  order,
  orderNumber,
  answer,
}: {
  panel: NotePanel;
  /** The order, for the links of a rejected field (a line's product). */
  order: RejectedOrder;
  orderNumber: number;
  answer: unknown;
}) {
  const { note, problems } = panel;
  const issuable = panel.enabled && (note === null || note.state === "waiting");
  const reissuable = panel.enabled && note?.can_reissue === true;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-note-title" data-testid="order-note">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h4" id="order-note-title">
            Nota fiscal
          </Title>
          {note ? <NoteStateBadge state={note.state} label={note.state_label} /> : null}
        </Group>
        {note === null ? <Text size="sm">Este pedido ainda não tem nota fiscal.</Text> : null}
        {!panel.enabled ? (
          <Text size="sm" c="dimmed">
            A emissão de notas fiscais está desligada em{" "}
            <Anchor component={AppLink} to={accountPaths.area("fiscal")} size="sm">
              Notas fiscais
            </Anchor>
            .
          </Text>
        ) : null}
        {note?.environment === "homologacao" && note.state !== "waiting" ? (
          <Text size="sm" c="dimmed">
            Emitida em homologação: sem valor fiscal.
          </Text>
        ) : null}
        {note ? <NoteFacts note={note} /> : null}
        {note ? <Refusal note={note} order={order} /> : null}
        {note?.last_error ? (
          <Alert color="warning" variant="light" role="note" title="A nota ainda não chegou à Focus NFe">
            {note.last_error}
          </Alert>
        ) : null}
        <Problems problems={problems} />
        {note?.state === "processing" ? (
          <Text size="sm" role="status">
            A SEFAZ está processando a nota. Recarregue a página em instantes.
          </Text>
        ) : null}
        {(issuable || reissuable) && problems.length > 0 ? (
          <Text size="sm">Corrija os campos acima para emitir a nota.</Text>
        ) : null}
        {(issuable || reissuable) && problems.length === 0 ? (
          <ConfirmAction
            intent={noteIntents.issue}
            label={reissuable ? "Emitir novamente" : "Emitir nota fiscal"}
            title={`Emitir a nota fiscal do pedido nº ${orderNumber}?`}
            confirmLabel={reissuable ? "Emitir novamente" : "Emitir nota fiscal"}
            color="primary"
          >
            A nota vai agora para a SEFAZ, em {ENVIRONMENT_NAMES[panel.environment]}. Depois de autorizada, só pode ser
            cancelada em até 24 horas.
          </ConfirmAction>
        ) : null}
        {note ? <NoteFiles note={note} /> : null}
        {note?.can_cancel ? <CancelNoteForm answer={answerFor(answer, noteIntents.cancel)} /> : null}
        {note?.can_correct ? <CorrectNoteForm answer={answerFor(answer, noteIntents.correct)} /> : null}
      </Stack>
    </Paper>
  );
}

/** The customer's line about her order's note: where it stands and, once authorised, its DANFE and XML. */
export function CustomerNote({ note }: { note: CustomerNoteView }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customer-note-title" data-testid="customer-note">
      <Group gap="sm" align="center">
        <Title order={2} size="h4" id="customer-note-title">
          Nota fiscal
        </Title>
        <NoteStateBadge state={note.state} label={note.state_label} />
        {note.number ? (
          <Text size="sm">
            nº {note.number}, série {note.series ?? "—"}
          </Text>
        ) : null}
        {note.state === "authorized" && note.danfe_url ? (
          <Anchor href={note.danfe_url} size="sm" fw={600}>
            Nota fiscal (DANFE)
          </Anchor>
        ) : null}
        {note.state === "authorized" && note.xml_url ? (
          <Anchor href={note.xml_url} size="sm" fw={600}>
            XML<VisuallyHidden> da nota fiscal</VisuallyHidden>
          </Anchor>
        ) : null}
      </Group>
    </Paper>
  );
}
