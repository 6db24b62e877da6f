import { Anchor, Button, Group, NativeSelect, Paper, TextInput } from "@mantine/core";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { Form } from "react-router";
import { orderStatuses, orderStatusLabels } from "../../../common/order-status.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { AppLink } from "../app-link.tsx";

/** The filters the list was read with; the same names as GET /api/orders and its CSV export. */
export type OrderFilterValues = { q: string; status: string; from: string; to: string };

const statusOptions = [
  { value: "", label: "Todas as situações" },
  ...orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] })),
];

/** The filters as an address query: only the ones set, so the address stays short and shareable. */
export function filterQuery(values: OrderFilterValues): string {
  const set = Object.entries(values).filter(([, value]) => value !== "");
  return set.length ? `?${new URLSearchParams(set)}` : "";
}

export const isFiltered = (values: OrderFilterValues) => filterQuery(values) !== "";

/**
 * The administrators' filters of /conta/pedidos: a plain GET form, so it works without JavaScript and the
 * filters stay in the address; a new search starts at page 1 because `page` is not one of its fields.
 * The CSV export takes the same filters.
 */
export function OrderFilters({ values, errors }: { values: OrderFilterValues; errors: Record<string, string> }) {
  return (
    <Paper withBorder p="sm">
      <Form method="get" role="search" aria-label="Filtrar pedidos" key={filterQuery(values)}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            name="q"
            type="search"
            label="Buscar"
            placeholder="Número, nome, e-mail ou CPF/CNPJ"
            defaultValue={values.q}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: "1 1 220px" }}
          />
          <NativeSelect
            name="status"
            label="Situação"
            data={statusOptions}
            defaultValue={values.status}
            style={{ flex: "0 1 220px" }}
          />
          <TextInput
            name="from"
            type="date"
            label="Feitos a partir de"
            defaultValue={values.from}
            error={errors.from}
            style={{ flex: "0 1 170px" }}
          />
          <TextInput
            name="to"
            type="date"
            label="Feitos até"
            defaultValue={values.to}
            error={errors.to}
            style={{ flex: "0 1 170px" }}
          />
        </Group>
        <Group gap="sm" mt="sm">
          <Button type="submit" variant="light">
            Filtrar
          </Button>
          {isFiltered(values) ? (
            <Anchor component={AppLink} to={accountPaths.area("pedidos")} size="sm">
              Limpar filtros
            </Anchor>
          ) : null}
          <Button
            component="a"
            href={`/api/orders/export.csv${filterQuery(values)}`}
            download
            variant="default"
            ml="auto"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Exportar CSV
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
