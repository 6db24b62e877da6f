import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatDateTime } from "../../../common/dates/format.ts";
import { type MemberStatus, memberStatusChangeSchema, memberStatusLabels } from "../../../common/schemas/members.ts";
import type { StatusChangeView } from "../../../common/views/members.ts";
import { answerFor } from "../../lib/form-answer.ts";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { SelectField, TextareaField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { StackedCell, StackedTable } from "./record-table.tsx";

/** The edit screen's intent for moving a member to another status. */
export const CHANGE_STATUS_INTENT = "status";

const statusColors: Record<MemberStatus, string> = {
  proposta: "primary",
  ativo: "success",
  em_atraso: "warning",
  suspenso: "danger",
  desligado: "gray",
};

export function MemberStatusBadge({ status, size = "md" }: { status: MemberStatus; size?: "sm" | "md" | "lg" }) {
  return (
    <Badge color={statusColors[status]} variant="light" size={size} miw="max-content">
      {memberStatusLabels[status]}
    </Badge>
  );
}

/** A move's choice as the administrator reads it: a proposal is approved or refused, a member moved. */
function moveLabel(from: MemberStatus, to: MemberStatus): string {
  if (from === "proposta") return to === "ativo" ? "Aprovar" : "Recusar";
  return memberStatusLabels[to];
}

/**
 * "Alterar situação": only the moves the server offers (`moves`), none chosen until someone chooses, and a
 * reason kept in her history (and, for a refusal, e-mailed to her). A plain form post.
 */
export function MemberStatusForm({
  from,
  moves,
  answer,
}: {
  from: MemberStatus;
  moves: MemberStatus[];
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: memberStatusChangeSchema,
    answer: answerFor(answer, CHANGE_STATUS_INTENT),
    id: "member-status",
  });
  const options = moves.map((to) => ({ value: to, label: moveLabel(from, to) }));
  return (
    <Paper withBorder p="md" maw={760}>
      <AccountForm
        form={form}
        intent={CHANGE_STATUS_INTENT}
        label="Alterar situação"
        refusedTitle="A situação não foi alterada"
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Alterar situação
          </Title>
          <SelectField
            field={fields.status}
            label={from === "proposta" ? "Decisão sobre a proposta" : "Nova situação"}
            placeholder={from === "proposta" ? "Escolha aprovar ou recusar" : "Escolha a nova situação"}
            options={options}
            required
          />
          <TextareaField
            field={fields.reason}
            label="Motivo"
            description={
              from === "proposta"
                ? "Fica no histórico; numa recusa, vai no e-mail à pessoa."
                : "Fica no histórico do associado."
            }
            maxLength={500}
          />
          <Group>
            <SubmitButton intent={CHANGE_STATUS_INTENT}>Alterar situação</SubmitButton>
          </Group>
        </Stack>
      </AccountForm>
    </Paper>
  );
}

/** Every change of her status: when (São Paulo's clock), who (an administrator, or the dues), to what, and why. */
export function MemberHistory({ history }: { history: StatusChangeView[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm" id="member-history-title">
        Histórico da situação
      </Title>
      <StackedTable minWidth={560} aria-labelledby="member-history-title" verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Quando</Table.Th>
            <Table.Th>Quem</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Motivo</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((change) => (
            <Table.Tr key={`${change.at}:${change.to}`}>
              <StackedCell label="Quando" style={{ whiteSpace: "nowrap" }}>
                {formatDateTime(change.at)}
              </StackedCell>
              <StackedCell label="Quem">{change.by}</StackedCell>
              <StackedCell label="Situação">
                {change.from === null ? (
                  change.to_label
                ) : (
                  <>
                    {memberStatusLabels[change.from]} <span aria-hidden>→</span> <VisuallyHidden>para</VisuallyHidden>{" "}
                    {change.to_label}
                  </>
                )}
              </StackedCell>
              <StackedCell label="Motivo">
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {change.reason}
                </Text>
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Paper>
  );
}
