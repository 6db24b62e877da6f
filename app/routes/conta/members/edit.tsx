import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useActionData } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { MemberDues } from "../../../components/conta/member-dues.tsx";
import { MemberForm, memberFormValues, planOptions } from "../../../components/conta/member-form.tsx";
import { MEMBERS_LIST } from "../../../components/conta/member-paths.ts";
import { MemberHistory, MemberStatusBadge, MemberStatusForm } from "../../../components/conta/member-status.tsx";
import { ConfirmAction } from "../../../components/form-kit/confirm-action.tsx";
import type { Route } from "./+types/edit";
import { editMemberAction, editMemberLoader } from "./editor.server.ts";

export const loader = editMemberLoader;
export const action = editMemberAction;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Associado: ${loaderData.detail.member.name}` : "Associado" }];
}

export default function EditMember({ loaderData }: Route.ComponentProps) {
  const { detail, plans, today } = loaderData;
  const { member } = detail;
  const answer = useActionData();
  return (
    <Stack>
      <Button
        component={AppLink}
        to={MEMBERS_LIST}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        Voltar para os associados
      </Button>
      <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
        {member.name}
      </Title>
      <Paper withBorder p="md">
        <Group gap="sm" align="center">
          <Text fw={600}>{member.number === null ? "Sem número (proposta)" : `Associado nº ${member.number}`}</Text>
          <span data-testid="member-status">
            <MemberStatusBadge status={member.status} />
          </span>
          <Text size="sm" c="dimmed">
            desde {formatDateTime(member.status_since)}
          </Text>
          <Text size="sm" fw={600} c={member.in_good_standing ? undefined : "var(--mantine-color-error)"}>
            {member.in_good_standing ? "Em dia" : "Não está em dia"}
          </Text>
        </Group>
      </Paper>
      {detail.moves.length > 0 ? (
        // A new status starts the form over.
        <MemberStatusForm key={member.status} from={member.status} moves={detail.moves} answer={answer} />
      ) : null}
      {detail.asaas_error ? (
        <Alert color="danger" variant="light" role="note" title="A ligação com o Asaas não foi concluída">
          {detail.asaas_error} As mensalidades continuam em aberto aqui; o site tenta de novo a cada rodada das
          mensalidades (ou em “Gerar mensalidades agora”).
        </Alert>
      ) : null}
      <MemberDues dues={detail.dues} today={today} answer={answer} />
      <MemberHistory history={detail.history} />
      <MemberForm
        // Another member starts with a fresh form.
        key={member.id}
        label="Editar associado"
        creating={false}
        defaultValue={memberFormValues(member)}
        plans={planOptions(plans, member.plan.id)}
        answer={answer}
      />
      <Paper withBorder p="md" maw={760}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Excluir associado
          </Title>
          <Text size="sm">
            Para atender a um pedido de exclusão de dados (LGPD): apaga o cadastro, o histórico e as mensalidades. Para
            quem só deixou a cooperativa, use a situação “Desligado”.
          </Text>
          <ConfirmAction
            intent="delete"
            label="Excluir associado"
            title={`Excluir ${member.name}?`}
            confirmLabel="Excluir associado"
          >
            O cadastro de {member.name}, o histórico da situação e todas as mensalidades serão apagados. A exclusão fica
            no registro de auditoria.
          </ConfirmAction>
        </Stack>
      </Paper>
    </Stack>
  );
}
