import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { formatBRL } from "../../../common/money.ts";
import { duePaymentSchema, dueWaiverSchema } from "../../../common/schemas/members.ts";
import type { DueView } from "../../../common/views/members.ts";
import { dayText } from "../../lib/day-text.ts";
import { answerFor, type FormAnswer } from "../../lib/form-answer.ts";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { dueReceiptPath } from "./member-paths.ts";
import { StackedCell, StackedTable } from "./record-table.tsx";

/** The edit screen's intents for closing an open due; each form also posts the due's id (`due_id`). */
export const RECORD_PAYMENT_INTENT = "payment";
export const WAIVE_DUE_INTENT = "waive";

/** The action's answer when it is this due's form's refusal: the same intent, the same due. */
function dueAnswer(answer: unknown, intent: string, dueId: number): FormAnswer | undefined {
  const own = answerFor(answer, intent);
  return own?.result.initialValue?.due_id === String(dueId) ? own : undefined;
}

const summaryStyle = { cursor: "pointer", fontWeight: 600 } as const;

/**
 * One due's form, opened from a native <details> so it works before and without JavaScript, and open again
 * when the action refused it.
 */
function DueFormDisclosure({
  due,
  title,
  open,
  children,
}: {
  due: DueView;
  title: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details open={open}>
      <summary style={summaryStyle}>
        {title} <VisuallyHidden>de {due.period_label}</VisuallyHidden>
      </summary>
      <Box mt="xs">{children}</Box>
    </details>
  );
}

/** A due paid outside the site (the Pix to the shop's key, cash): the day it was paid, today unless told. */
function PaymentForm({ due, today, answer }: { due: DueView; today: string; answer: unknown }) {
  const own = dueAnswer(answer, RECORD_PAYMENT_INTENT, due.id);
  const { form, fields } = useAccountForm({
    schema: duePaymentSchema,
    defaultValue: { paid_on: today, note: "" },
    answer: own,
    id: `due-${due.id}-payment`,
  });
  return (
    <DueFormDisclosure due={due} title="Registrar pagamento" open={own !== undefined}>
      <AccountForm
        form={form}
        intent={RECORD_PAYMENT_INTENT}
        label={`Registrar pagamento de ${due.period_label}`}
        refusedTitle="O pagamento não foi registrado"
      >
        <input type="hidden" name="due_id" value={due.id} />
        <Stack gap="xs">
          <TextField field={fields.paid_on} label="Data do pagamento" type="date" />
          <TextareaField
            field={fields.note}
            label="Observação"
            description="Opcional: como foi pago (Pix, dinheiro…)."
            maxLength={500}
          />
          <SubmitButton intent={RECORD_PAYMENT_INTENT} size="sm" w="fit-content">
            Registrar pagamento
          </SubmitButton>
        </Stack>
      </AccountForm>
    </DueFormDisclosure>
  );
}

/** A due she will not owe: the reason is required and kept with the due. */
function WaiverForm({ due, answer }: { due: DueView; answer: unknown }) {
  const own = dueAnswer(answer, WAIVE_DUE_INTENT, due.id);
  const { form, fields } = useAccountForm({
    schema: dueWaiverSchema,
    answer: own,
    id: `due-${due.id}-waiver`,
  });
  return (
    <DueFormDisclosure due={due} title="Dispensar" open={own !== undefined}>
      <AccountForm
        form={form}
        intent={WAIVE_DUE_INTENT}
        label={`Dispensar ${due.period_label}`}
        refusedTitle="A mensalidade não foi dispensada"
      >
        <input type="hidden" name="due_id" value={due.id} />
        <Stack gap="xs">
          <TextareaField field={fields.reason} label="Motivo da dispensa" maxLength={500} />
          <SubmitButton intent={WAIVE_DUE_INTENT} size="sm" w="fit-content" variant="default">
            Dispensar
          </SubmitButton>
        </Stack>
      </AccountForm>
    </DueFormDisclosure>
  );
}

/**
 * Where a due stands: open (and overdue), paid on a day, waived or refunded, with what Asaas gave back; with the
 * note left when it was closed.
 */
export function DueSituation({ due }: { due: DueView }) {
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="sm">
          {due.status === "paid" && due.paid_on ? `Paga em ${dayText(due.paid_on)}` : due.status_label}
        </Text>
        {due.overdue ? (
          <Badge color="danger" variant="light" size="sm" miw="max-content">
            em atraso
          </Badge>
        ) : null}
      </Group>
      {due.refunded_cents > 0 ? (
        <Text size="xs" c="dimmed">
          Estornado pelo Asaas: {formatBRL(due.refunded_cents)} de {formatBRL(due.paid_cents)}
        </Text>
      ) : null}
      {due.note ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {due.note}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Her dues, newest first: each one's cycle, due day, amount and where it stands, for an open one the
 * administrator's two ways to close it, and for a paid one its receipt.
 */
export function MemberDues({ dues, today, answer }: { dues: DueView[]; today: string; answer: unknown }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm" id="member-dues-title">
        Mensalidades
      </Title>
      {dues.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma mensalidade gerada ainda. Cada uma aparece aqui alguns dias antes do dia de vencimento do plano.
        </Text>
      ) : (
        <StackedTable minWidth={760} aria-labelledby="member-dues-title" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Período</Table.Th>
              <Table.Th>Vencimento</Table.Th>
              <Table.Th>Valor</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dues.map((due) => (
              <Table.Tr key={due.id}>
                <StackedCell label="Período">{due.period_label}</StackedCell>
                <StackedCell label="Vencimento" style={{ whiteSpace: "nowrap" }}>
                  {dayText(due.due_on)}
                </StackedCell>
                <StackedCell label="Valor" style={{ whiteSpace: "nowrap" }}>
                  {formatBRL(due.amount_cents)}
                </StackedCell>
                <StackedCell label="Situação">
                  <DueSituation due={due} />
                  <AsaasCharge due={due} />
                </StackedCell>
                <Table.Td>
                  {due.status === "open" ? (
                    <Stack gap="xs" w="100%" miw={220}>
                      <PaymentForm due={due} today={today} answer={answer} />
                      <WaiverForm due={due} answer={answer} />
                    </Stack>
                  ) : due.status === "paid" ? (
                    <DueReceiptLink due={due} />
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Paper>
  );
}

/** The Asaas charge that collects the due, for administrators: its page at Asaas and where it stands there. */
function AsaasCharge({ due }: { due: DueView }) {
  if (!due.asaas) return null;
  return (
    <Text size="xs" c="dimmed">
      Asaas: {ASAAS_STATUS_LABELS[due.asaas.status] ?? due.asaas.status}
      {due.asaas.invoice_url ? (
        <>
          {" · "}
          <Anchor href={due.asaas.invoice_url} target="_blank" rel="noopener noreferrer" size="xs">
            fatura <VisuallyHidden>de {due.period_label} no Asaas (abre em outra aba)</VisuallyHidden>
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}

/** The charge's state at Asaas (the adapter's words, server/adapters/dues/dues-provider.ts) as administrators read it. */
const ASAAS_STATUS_LABELS: Record<string, string> = {
  pending: "aguardando pagamento",
  overdue: "vencida",
  paid: "paga",
  partially_refunded: "estornada em parte",
  refunded: "estornada",
  deleted: "removida",
};

/** A paid due's "Recibo" link, named by its cycle for a screen reader's list of links. */
export function DueReceiptLink({ due }: { due: DueView }) {
  return (
    <Anchor href={dueReceiptPath(due.id)} size="sm">
      Recibo <VisuallyHidden>de {due.period_label}</VisuallyHidden>
    </Anchor>
  );
}
