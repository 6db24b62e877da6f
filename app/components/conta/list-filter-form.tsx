import { Anchor, Button, Group, Paper, TextInput } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { AppLink } from "../app-link.tsx";

/** A list's filters as an address query: only the ones set, so the address stays short and shareable. */
export function filterQuery(values: Record<string, string>): string {
  const set = Object.entries(values).filter(([, value]) => value !== "");
  return set.length ? `?${new URLSearchParams(set)}` : "";
}

export const isFiltered = (values: Record<string, string>) => filterQuery(values) !== "";

/**
 * An account list's filters: a plain GET form, so it works without JavaScript and the filters stay in the
 * address; a new search starts at page 1 because `page` is not one of its fields. "Limpar filtros" goes
 * back to `listPath`, and the CSV export at `exportPath` takes the same filters.
 */
export function ListFilterForm({
  label,
  values,
  listPath,
  exportPath,
  children,
}: {
  label: string;
  values: Record<string, string>;
  listPath: string;
  exportPath: string;
  children: ReactNode;
}) {
  const query = filterQuery(values);
  return (
    <Paper withBorder p="sm">
      <Form method="get" role="search" aria-label={label} key={query}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {children}
        </Group>
        <Group gap="sm" mt="sm">
          <Button type="submit" variant="light">
            Filtrar
          </Button>
          {query ? (
            <Anchor component={AppLink} to={listPath} size="sm">
              Limpar filtros
            </Anchor>
          ) : null}
          <Button
            component="a"
            href={`${exportPath}${query}`}
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

/** The "from" and "to" calendar days of a list's filters (common/zod.ts dayField checks them). */
export function DayRangeFields({
  values,
  errors,
  fromLabel,
  toLabel,
}: {
  values: { from: string; to: string };
  errors: Record<string, string>;
  fromLabel: string;
  toLabel: string;
}) {
  return (
    <>
      <TextInput
        name="from"
        type="date"
        label={fromLabel}
        defaultValue={values.from}
        error={errors.from}
        style={{ flex: "0 1 170px" }}
      />
      <TextInput
        name="to"
        type="date"
        label={toLabel}
        defaultValue={values.to}
        error={errors.to}
        style={{ flex: "0 1 170px" }}
      />
    </>
  );
}
