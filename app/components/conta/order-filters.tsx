import { NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { orderStatuses, orderStatusLabels } from "../../../common/order-status.ts";
import { orderNeedLabels, orderNeeds } from "../../../common/schemas/orders.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { DayRangeFields, ListFilterForm } from "./list-filter-form.tsx";

/** The filters the list was read with; the same names as GET /api/orders and its CSV export. */
export type OrderFilterValues = { q: string; status: string; needs: string; from: string; to: string };

const statusOptions = [
  { value: "", label: "Todas as situações" },
  ...orderStatuses.map((status) => ({ value: status, label: orderStatusLabels[status] })),
];

const needOptions = [
  { value: "", label: "Qualquer pedido" },
  ...orderNeeds.map((need) => ({ value: need, label: orderNeedLabels[need] })),
];

/** The administrators' filters of /conta/pedidos. */
export function OrderFilters({ values, errors }: { values: OrderFilterValues; errors: Record<string, string> }) {
  return (
    <ListFilterForm
      label="Filtrar pedidos"
      values={values}
      listPath={accountPaths.area("pedidos")}
      exportPath="/api/orders/export.csv"
    >
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
      <NativeSelect
        name="needs"
        label="Pendência"
        data={needOptions}
        defaultValue={values.needs}
        style={{ flex: "0 1 260px" }}
      />
      <DayRangeFields values={values} errors={errors} fromLabel="Feitos a partir de" toLabel="Feitos até" />
    </ListFilterForm>
  );
}
