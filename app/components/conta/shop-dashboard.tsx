import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { formatBRL } from "../../../common/money.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { ShopDashboard as Dashboard } from "../../../common/views/orders.ts";
import { AppLink } from "../app-link.tsx";
import { StackedCell, StackedTable } from "./record-table.tsx";

type Day = Dashboard["days"][number];

/** "2026-11-24" as "24/11". */
const dayText = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const ordersText = (count: number) => (count === 1 ? "1 pedido" : `${count.toLocaleString("pt-BR")} pedidos`);

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 20;

/**
 * One bar per day, scaled to the busiest day. The drawing is one image with a summary for screen readers;
 * each bar's title shows its day and value on hover, and the table beside it gives every figure.
 */
function DayBars({
  days,
  value,
  label,
  text,
  color,
}: {
  days: Day[];
  value: (day: Day) => number;
  label: string;
  text: (day: Day) => string;
  color: string;
}) {
  const top = Math.max(1, ...days.map(value));
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`}
      width="100%"
      role="img"
      aria-label={label}
      style={{ display: "block", maxHeight: 220 }}
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="var(--mantine-color-gray-4)" />
      {days.map((day, index) => {
        const height = Math.round((value(day) / top) * (HEIGHT - 8));
        return (
          <g key={day.day}>
            <rect
              x={index * slot + slot * 0.15}
              y={HEIGHT - height}
              width={slot * 0.7}
              height={height}
              rx={2}
              fill={color}
            >
              <title>{`${dayText(day.day)}: ${text(day)}`}</title>
            </rect>
            {index % 5 === 0 || index === days.length - 1 ? (
              <text x={index * slot + slot / 2} y={HEIGHT + 14} fontSize={11} textAnchor="middle" fill="currentColor">
                {dayText(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** The days' figures as a table, for screen readers and for anyone who wants the numbers. */
function DaysTable({ days }: { days: Day[] }) {
  return (
    <details>
      <summary>
        <Text component="span" size="sm">
          Ver os números de cada dia
        </Text>
      </summary>
      <StackedTable minWidth={360} mt="xs" aria-label="Pedidos e faturamento por dia" verticalSpacing={4} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dia</Table.Th>
            <Table.Th ta="right">Pedidos</Table.Th>
            <Table.Th ta="right">Faturamento</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((day) => (
            <Table.Tr key={day.day}>
              <StackedCell label="Dia">{dayText(day.day)}</StackedCell>
              <StackedCell label="Pedidos" ta="right">
                {day.orders.toLocaleString("pt-BR")}
              </StackedCell>
              <StackedCell label="Faturamento" ta="right">
                {formatBRL(day.revenue_cents)}
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </StackedTable>
    </details>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </div>
  );
}

/**
 * /conta/shop's dashboard: orders placed (not canceled) and revenue paid per day over the last 30 days,
 * the best sellers of those days and the published products running low, each linked to its edit screen.
 */
export function ShopDashboard({ dashboard }: { dashboard: Dashboard }) {
  const { days, best_sellers, low_stock } = dashboard;
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const revenue = days.reduce((sum, day) => sum + day.revenue_cents, 0);
  const first = days[0];
  const last = days[days.length - 1];
  const period = first && last ? `de ${dayText(first.day)} a ${dayText(last.day)}` : "";
  return (
    <Stack component="section" aria-labelledby="shop-dashboard-title">
      <Title order={2} size="h3" id="shop-dashboard-title">
        Painel da loja
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={3} size="h5">
              Últimos 30 dias <VisuallyHidden>({period})</VisuallyHidden>
            </Title>
            <Group gap="xl">
              <Figure label="Pedidos" value={orders.toLocaleString("pt-BR")} />
              <Figure label="Faturamento pago" value={formatBRL(revenue)} />
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <div>
              <Text size="sm" fw={600}>
                Pedidos por dia
              </Text>
              <DayBars
                days={days}
                value={(day) => day.orders}
                text={(day) => ordersText(day.orders)}
                label={`Pedidos por dia, ${period}: ${ordersText(orders)} no total.`}
                color="var(--mantine-color-primary-6)"
              />
            </div>
            <div>
              <Text size="sm" fw={600}>
                Faturamento por dia
              </Text>
              <DayBars
                days={days}
                value={(day) => day.revenue_cents}
                text={(day) => formatBRL(day.revenue_cents)}
                label={`Faturamento pago por dia, ${period}: ${formatBRL(revenue)} no total.`}
                color="var(--mantine-color-secondary-6)"
              />
            </div>
          </SimpleGrid>
          <DaysTable days={days} />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Title order={3} size="h5" mb="sm" id="best-sellers-title">
            Mais vendidos
          </Title>
          {best_sellers.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma venda paga nos últimos 30 dias.
            </Text>
          ) : (
            <Table aria-labelledby="best-sellers-title" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Produto</Table.Th>
                  <Table.Th ta="right">Unidades</Table.Th>
                  <Table.Th ta="right">Receita</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {best_sellers.map((product) => (
                  <Table.Tr key={product.product_id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Anchor component={AppLink} to={accountPaths.edit("produtos", product.product_id)} size="sm">
                        {product.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right">{product.units.toLocaleString("pt-BR")}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                      {formatBRL(product.revenue_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h5" mb="sm" id="low-stock-title">
            Estoque baixo
          </Title>
          {low_stock.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhum produto publicado com estoque baixo.
            </Text>
          ) : (
            <Table aria-labelledby="low-stock-title" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Produto</Table.Th>
                  <Table.Th ta="right">Estoque</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {low_stock.map((item) => (
                  <Table.Tr key={item.variant_id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Anchor component={AppLink} to={accountPaths.edit("produtos", item.product_id)} size="sm">
                        {item.variant ? `${item.name} (${item.variant})` : item.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td ta="right" c={item.stock === 0 ? "danger" : undefined} fw={item.stock === 0 ? 700 : 400}>
                      {item.stock === 0 ? "Esgotado" : item.stock.toLocaleString("pt-BR")}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
