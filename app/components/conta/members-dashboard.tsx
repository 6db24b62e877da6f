import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title, UnstyledButton } from "@mantine/core";
import { formatBRL } from "../../../common/money.ts";
import type { MemberStatus } from "../../../common/schemas/members.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { MembersDashboard as Dashboard } from "../../../common/views/members.ts";
import { dayText } from "../../lib/day-text.ts";
import { AppLink } from "../app-link.tsx";
import { MEMBERS_LIST } from "./member-paths.ts";
import styles from "./members-dashboard.module.css";
import { StackedCell, StackedTable } from "./record-table.tsx";

type Month = Dashboard["months"][number];

const MONTH_ABBREVIATIONS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "2027-03" as the chart's axis writes it: "mar", with the year under the first month and each January. */
function axisLabel(period: string, index: number): { month: string; year: string | null } {
  const month = Number(period.slice(5, 7));
  return {
    month: MONTH_ABBREVIATIONS[month - 1] ?? period,
    year: index === 0 || month === 1 ? period.slice(0, 4) : null,
  };
}

const membersWith = (status: MemberStatus) => `${MEMBERS_LIST}?status=${status}`;
const duesText = (count: number) => (count === 1 ? "1 mensalidade" : `${count.toLocaleString("pt-BR")} mensalidades`);

/** Members by status, each count opening the register filtered to them. */
function StatusCounts({ byStatus }: { byStatus: Dashboard["by_status"] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
      {byStatus.map((entry) => (
        <UnstyledButton key={entry.status} component={AppLink} to={membersWith(entry.status)}>
          <Paper withBorder p="md" h="100%">
            {/* One phrase, the count then what it counts, not a heading over a paragraph (axe's p-as-heading);
                the space between them keeps the link's name "2 Ativo", not "2Ativo". */}
            <Text component="span" display="block" fz={28} fw={700} lh={1.1}>
              {entry.count.toLocaleString("pt-BR")}
            </Text>{" "}
            <Text component="span" display="block" size="sm">
              {entry.label}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

/** Who owes dues past their plan's grace, those who owe the most first, each linked to her record. */
function OverdueList({ overdue }: { overdue: Dashboard["overdue"] }) {
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm" id="members-overdue-title">
        Mensalidades em atraso
      </Title>
      {overdue.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum associado com mensalidades em atraso.
        </Text>
      ) : (
        <StackedTable minWidth={560} aria-labelledby="members-overdue-title" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nº</Table.Th>
              <Table.Th>Associado</Table.Th>
              <Table.Th ta="right">Em atraso</Table.Th>
              <Table.Th ta="right">Valor</Table.Th>
              <Table.Th>Desde</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overdue.map((member) => (
              <Table.Tr key={member.member_id}>
                <StackedCell label="Nº">{member.number ?? "Sem número"}</StackedCell>
                <StackedCell label="Associado" style={{ overflowWrap: "anywhere" }}>
                  <Anchor component={AppLink} to={accountPaths.edit("membros", member.member_id)} size="sm">
                    {member.name}
                  </Anchor>
                </StackedCell>
                <StackedCell label="Em atraso" ta="right">
                  {duesText(member.dues)}
                </StackedCell>
                <StackedCell label="Valor" ta="right" style={{ whiteSpace: "nowrap" }}>
                  {formatBRL(member.amount_cents)}
                </StackedCell>
                <StackedCell label="Desde" style={{ whiteSpace: "nowrap" }}>
                  {dayText(member.oldest_due_on)}
                </StackedCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Paper>
  );
}

const WIDTH = 320;
/** Room above the bars for the scale's label, the bars' height, and room below them for the months. */
const TOP = 16;
const PLOT = 150;
const BASE = TOP + PLOT;
const HEIGHT = BASE + 30;
const SLOT = WIDTH / 12;
const BAR = SLOT * 0.38;
/** The three gaps of a month's slot: before, between and after its two bars. */
const GAP = (SLOT - 2 * BAR) / 3;

/** A bar's height for `cents` against the year's largest figure; a figure above zero shows at least a sliver. */
const barHeight = (cents: number, top: number) => (cents === 0 ? 0 : Math.max(1, (cents / top) * PLOT));

/**
 * The 12 months' dues, expected beside received, drawn on the server: one image with a summary for screen
 * readers, which read every figure in the table that follows it. Each bar's title shows its figure on hover.
 */
function MonthsChart({ months, summary }: { months: Month[]; summary: string }) {
  const largest = Math.max(0, ...months.flatMap((month) => [month.expected_cents, month.received_cents]));
  const top = Math.max(1, largest);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className={styles.chart} role="img" aria-label={summary}>
      {largest > 0 ? (
        <>
          <line x1={0} x2={WIDTH} y1={TOP} y2={TOP} className={styles.scale} />
          <text x={0} y={TOP - 4} fontSize={10} className={styles.axisText}>
            {formatBRL(top)}
          </text>
        </>
      ) : null}
      {months.map((month, index) => {
        const expected = barHeight(month.expected_cents, top);
        const received = barHeight(month.received_cents, top);
        const left = index * SLOT + GAP;
        const label = axisLabel(month.period, index);
        return (
          <g key={month.period}>
            <rect x={left} y={BASE - expected} width={BAR} height={expected} className={styles.expected}>
              <title>{`${month.label}, previsto: ${formatBRL(month.expected_cents)}`}</title>
            </rect>
            <rect x={left + BAR + GAP} y={BASE - received} width={BAR} height={received} className={styles.received}>
              <title>{`${month.label}, recebido: ${formatBRL(month.received_cents)}`}</title>
            </rect>
            <text x={index * SLOT + SLOT / 2} y={BASE + 14} fontSize={12} textAnchor="middle" fill="currentColor">
              {label.month}
            </text>
            {label.year ? (
              <text
                x={index * SLOT + SLOT / 2}
                y={BASE + 27}
                fontSize={10}
                textAnchor="middle"
                className={styles.axisText}
              >
                {label.year}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} className={styles.axis} />
    </svg>
  );
}

/** The legend's swatch of one series, drawn with the bars' own style. */
function Swatch({ series }: { series: "expected" | "received" }) {
  return (
    <svg width={14} height={14} viewBox="0 0 14 14" aria-hidden>
      <rect x={1} y={1} width={12} height={12} className={styles[series]} />
    </svg>
  );
}

/** The same 12 months as a table: what a screen reader reads, and the figures for anyone who wants them. */
function MonthsTable({ months, caption }: { months: Month[]; caption: string }) {
  return (
    <div className={styles.tableScroll}>
      <Table verticalSpacing={4} horizontalSpacing="xs" fz="sm" striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Mês</Table.Th>
            <Table.Th scope="col" className={styles.amount}>
              Previsto
            </Table.Th>
            <Table.Th scope="col" className={styles.amount}>
              Recebido
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((month) => (
            <Table.Tr key={month.period}>
              <Table.Th scope="row" fw={400}>
                {month.label}
              </Table.Th>
              <Table.Td className={styles.amount}>{formatBRL(month.expected_cents)}</Table.Td>
              <Table.Td className={styles.amount}>{formatBRL(month.received_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The year's dues: the chart with its legend, then its table. */
function MonthsPanel({ months }: { months: Month[] }) {
  const first = months[0];
  const last = months[months.length - 1];
  const period = first && last ? `de ${first.label} a ${last.label}` : "";
  const expected = months.reduce((sum, month) => sum + month.expected_cents, 0);
  const received = months.reduce((sum, month) => sum + month.received_cents, 0);
  const summary = `Mensalidades previstas e recebidas por mês, ${period}: ${formatBRL(received)} recebidos de ${formatBRL(expected)} previstos no total.`;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Últimos 12 meses
        </Title>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack gap="xs">
            {/* The colours only explain the drawing; the table names every figure. */}
            <ul className={styles.legend} aria-hidden>
              <li>
                <Swatch series="expected" />
                Previsto
              </li>
              <li>
                <Swatch series="received" />
                Recebido
              </li>
            </ul>
            <MonthsChart months={months} summary={summary} />
          </Stack>
          <MonthsTable months={months} caption={`Mensalidades por mês, ${period}`} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * /conta's members' block for administrators: members by status, this month's dues received against
 * expected, who is overdue, and the last 12 months' dues as a chart and a table.
 */
export function MembersDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { by_status, month, overdue, months } = dashboard;
  return (
    <Stack component="section" aria-labelledby="members-dashboard-title">
      <Title order={2} size="h3" id="members-dashboard-title">
        Associados
      </Title>
      <StatusCounts byStatus={by_status} />
      <Paper withBorder p="md">
        <Text>
          Mensalidades de {month.label}: <strong className={styles.figure}>{formatBRL(month.received_cents)}</strong>{" "}
          recebidos de <strong className={styles.figure}>{formatBRL(month.expected_cents)}</strong> previstos
        </Text>
      </Paper>
      <OverdueList overdue={overdue} />
      <MonthsPanel months={months} />
    </Stack>
  );
}
