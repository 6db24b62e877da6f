import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconExternalLink, IconId, IconIdBadge2 } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatDateTime } from "../../../common/dates/format.ts";
import { formatBRL } from "../../../common/money.ts";
import type { DueView, MyMembership } from "../../../common/views/members.ts";
import { CopyCodeField } from "../../components/conta/copy-code-field.tsx";
import { DueReceiptLink, DueSituation } from "../../components/conta/member-dues.tsx";
import { MEMBER_CARD } from "../../components/conta/member-paths.ts";
import { MemberStatusBadge } from "../../components/conta/member-status.tsx";
import { NO_MEMBERSHIP_NOTE } from "../../components/conta/no-membership.ts";
import { StackedCell, StackedTable } from "../../components/conta/record-table.tsx";
import { dayText } from "../../lib/day-text.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { pixQrSvg } from "../../lib/pix-qr.server.ts";
import type { Route } from "./+types/membership";

/** Her own membership (her account linked to the register by its e-mail), and the QR of each due she can pay by Pix. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const { membership } = await services.members.mine(actor);
  const payable = membership?.dues.flatMap((due) =>
    due.pix_code === null ? [] : [{ id: due.id, code: due.pix_code }],
  );
  const qrs = await Promise.all((payable ?? []).map(async (due) => [due.id, await pixQrSvg(due.code)] as const));
  return { membership, qrs: Object.fromEntries(qrs) as Record<number, string> };
}

export function meta() {
  return [{ title: "Minha associação" }];
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  );
}

type PaysWith = NonNullable<MyMembership["membership"]>["pays_with"];

/** Asaas's page for the due (Pix, boleto or card, as the cooperative chose) and its boleto, when it has one. */
function AsaasLinks({ due }: { due: DueView }) {
  if (!due.asaas?.invoice_url) return null;
  return (
    <Group gap="sm">
      <Button
        component="a"
        href={due.asaas.invoice_url}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={16} aria-hidden />}
      >
        Pagar no Asaas <VisuallyHidden>a mensalidade de {due.period_label} (abre em outra aba)</VisuallyHidden>
      </Button>
      {due.asaas.boleto_url ? (
        <Button
          component="a"
          href={due.asaas.boleto_url}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          rightSection={<IconExternalLink size={16} aria-hidden />}
        >
          Boleto <VisuallyHidden>da mensalidade de {due.period_label} (abre em outra aba)</VisuallyHidden>
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * One due to pay: its cycle, day and amount, and how to pay it: the Pix (its QR and its "Copia e Cola") of the
 * shop's key or of Asaas's charge, and Asaas's payment page.
 */
function OpenDue({ due, qr, paysWith }: { due: DueView; qr: string | undefined; paysWith: PaysWith }) {
  const amount = formatBRL(due.amount_cents);
  const confirmation =
    due.asaas === null
      ? "A cooperativa confirma o pagamento assim que ele chegar."
      : "O Asaas confirma o pagamento sozinho: a mensalidade aparece como paga em instantes.";
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h5">
            Mensalidade de {due.period_label}
          </Title>
          {due.overdue ? (
            <Badge color="danger" variant="light" miw="max-content">
              em atraso
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {amount}, com vencimento em {dayText(due.due_on)}.
        </Text>
        {due.pix_code && qr ? (
          <>
            <Text size="sm">
              Abra o aplicativo do seu banco, escolha pagar com Pix e leia o QR code ou cole o código abaixo.
            </Text>
            <Box
              w={220}
              h={220}
              maw="100%"
              role="img"
              aria-label={`QR code Pix para pagar ${amount} da mensalidade de ${due.period_label}; o código Pix Copia e Cola abaixo faz o mesmo`}
              style={{ lineHeight: 0 }}
              // The SVG is made by the loader from the due's BR Code (app/lib/pix-qr.server.ts), never from input.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR image
              dangerouslySetInnerHTML={{ __html: qr.replace("<svg ", '<svg width="100%" height="100%" ') }}
            />
            <CopyCodeField
              label="Pix Copia e Cola"
              code={due.pix_code}
              name={`da mensalidade de ${due.period_label}`}
            />
            <AsaasLinks due={due} />
            <Text size="xs" c="dimmed">
              {confirmation}
            </Text>
          </>
        ) : due.asaas?.invoice_url ? (
          <>
            <Text size="sm">Pague pela página do Asaas, com a forma de pagamento escolhida pela cooperativa.</Text>
            <AsaasLinks due={due} />
            <Text size="xs" c="dimmed">
              {confirmation}
            </Text>
          </>
        ) : paysWith === "asaas" ? (
          <Text size="sm" c="dimmed">
            A cobrança desta mensalidade está sendo gerada no Asaas: volte em alguns minutos para pagá-la.
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Pague pela forma combinada com a cooperativa.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The dues already paid, waived or refunded, newest first; a paid one's receipt opens on a page of its own, to print. */
function ClosedDues({ dues }: { dues: DueView[] }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm" id="closed-dues-title">
        Mensalidades pagas e dispensadas
      </Title>
      <StackedTable minWidth={560} aria-labelledby="closed-dues-title" verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Período</Table.Th>
            <Table.Th>Vencimento</Table.Th>
            <Table.Th>Valor</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>
              <VisuallyHidden>Recibo</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dues.map((due) => (
            <Table.Tr key={due.id}>
              <StackedCell label="Período">{due.period_label}</StackedCell>
              <StackedCell label="Vencimento">{dayText(due.due_on)}</StackedCell>
              <StackedCell label="Valor">{formatBRL(due.amount_cents)}</StackedCell>
              <StackedCell label="Situação">
                <DueSituation due={due} />
              </StackedCell>
              <Table.Td>{due.status === "paid" ? <DueReceiptLink due={due} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </Paper>
  );
}

export default function Membership({ loaderData }: Route.ComponentProps) {
  const { membership, qrs } = loaderData;
  if (!membership)
    return (
      <Stack>
        <Title order={1} size="h2">
          Minha associação
        </Title>
        <Paper withBorder p="md" maw={720}>
          <Text>{NO_MEMBERSHIP_NOTE}</Text>
        </Paper>
      </Stack>
    );
  const { member, plan, dues } = membership;
  const open = dues.filter((due) => due.status === "open");
  const closed = dues.filter((due) => due.status !== "open");
  return (
    <Stack>
      <Title order={1} size="h2">
        Minha associação
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <Text
            size="xl"
            fw={700}
            c={member.in_good_standing ? "var(--mantine-color-success-light-color)" : "var(--mantine-color-error)"}
            data-testid="membership-standing"
          >
            {member.in_good_standing ? "Em dia" : "Não está em dia"}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} component="dl" m={0}>
            <Fact label="Situação">
              <MemberStatusBadge status={member.status} />{" "}
              <Text component="span" size="sm" c="dimmed">
                desde {formatDateTime(member.status_since)}
              </Text>
            </Fact>
            <Fact label="Número">{member.number === null ? "Ainda sem número" : `Nº ${member.number}`}</Fact>
            <Fact label="Plano">{plan.name}</Fact>
            <Fact label="Valor">
              {formatBRL(plan.amount_cents)}, {plan.cycle_label.toLowerCase()}, com vencimento no dia {plan.due_day}
            </Fact>
          </SimpleGrid>
          <Group gap="sm">
            <Button
              component="a"
              href={MEMBER_CARD}
              variant="default"
              leftSection={<IconIdBadge2 size={16} aria-hidden />}
            >
              Carteirinha
            </Button>
            <Button
              component="a"
              href={membership.verification_path}
              variant="default"
              leftSection={<IconId size={16} aria-hidden />}
            >
              Ver a verificação da carteirinha
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} size="h4">
        Mensalidades em aberto
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma mensalidade em aberto.
        </Text>
      ) : (
        open.map((due) => <OpenDue key={due.id} due={due} qr={qrs[due.id]} paysWith={membership.pays_with} />)
      )}
      {closed.length > 0 ? <ClosedDues dues={closed} /> : null}
    </Stack>
  );
}
