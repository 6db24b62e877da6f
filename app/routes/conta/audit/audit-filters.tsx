import { NativeSelect, TextInput } from "@mantine/core";
import {
  auditActionKeys,
  auditActions,
  auditRecordKindKeys,
  auditRecordKindOf,
  auditRecordKinds,
} from "../../../../common/audit.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { DayRangeFields, ListFilterForm } from "../../../components/conta/list-filter-form.tsx";

/** The filters the list was read with, as the address writes them; the same names as GET /api/audit. */
export type AuditFilterValues = {
  actor_id: string;
  action: string;
  record_kind: string;
  record_id: string;
  from: string;
  to: string;
};

/** The actions grouped under their kind of record, in the order common/audit.ts lists them. */
const actionOptions = [
  { value: "", label: "Todas as ações" },
  ...auditRecordKindKeys.flatMap((kind) => {
    const items = auditActionKeys
      .filter((action) => auditRecordKindOf(action) === kind)
      .map((action) => ({ value: action, label: auditActions[action] }));
    return items.length ? [{ group: auditRecordKinds[kind], items }] : [];
  }),
];

const kindOptions = [
  { value: "", label: "Todos os registros" },
  ...auditRecordKindKeys.map((kind) => ({ value: kind, label: auditRecordKinds[kind] })),
];

/** The audit log's filters; the CSV export takes the same. */
export function AuditFilters({
  values,
  errors,
  people,
}: {
  values: AuditFilterValues;
  errors: Record<string, string>;
  people: { id: number; name: string; email: string | null }[];
}) {
  const personOptions = [
    { value: "", label: "Todas as pessoas" },
    ...people.map((person) => ({
      value: String(person.id),
      label: `${person.name} (${[person.email, `nº ${person.id}`].filter(Boolean).join(", ")})`,
    })),
  ];
  return (
    <ListFilterForm
      label="Filtrar o registro de auditoria"
      values={values}
      listPath={accountPaths.area("auditoria")}
      exportPath="/api/audit/export.csv"
    >
      <NativeSelect
        name="actor_id"
        label="Pessoa"
        data={personOptions}
        defaultValue={values.actor_id}
        error={errors.actor_id}
        style={{ flex: "1 1 200px" }}
      />
      <NativeSelect
        name="action"
        label="Ação"
        data={actionOptions}
        defaultValue={values.action}
        error={errors.action}
        style={{ flex: "1 1 240px" }}
      />
      <NativeSelect
        name="record_kind"
        label="Registro"
        data={kindOptions}
        defaultValue={values.record_kind}
        error={errors.record_kind}
        style={{ flex: "1 1 180px" }}
      />
      <TextInput
        name="record_id"
        label="Id do registro"
        inputMode="numeric"
        maxLength={40}
        defaultValue={values.record_id}
        error={errors.record_id}
        style={{ flex: "0 1 140px" }}
      />
      <DayRangeFields values={values} errors={errors} fromLabel="De" toLabel="Até" />
    </ListFilterForm>
  );
}
