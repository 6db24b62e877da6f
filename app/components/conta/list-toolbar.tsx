import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form, useSearchParams, useSubmit } from "react-router";
import { listQuerySchema } from "../../../common/pagination.ts";
import type { z } from "../../../common/zod.ts";

export type ListFilter = {
  /** The url parameter, e.g. `status`. */
  name: string;
  label: string;
  /** The first option should have the value "" (no filter). */
  options: { value: string; label: string }[];
};

/**
 * Reads `page`, `per_page`, `q` and the list's own filters from the loader's `url`
 * (not `request.url`, which carries React Router's `.data` suffix on client navigations).
 * A hand-edited address falls back to the defaults for the values it got wrong
 * instead of failing the whole page.
 */
export function readListQuery<T extends z.ZodRawShape>(url: URL, filters: T) {
  const schema = listQuerySchema.extend(filters);
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  for (const issue of result.error.issues) delete params[String(issue.path[0])];
  return schema.parse(params);
}

/**
 * Search box and filters of an account list. It is a plain GET form, so it also
 * works without JavaScript; a new search or filter starts again at page 1 because
 * `page` is not one of its fields.
 */
export function ListToolbar({ searchLabel, filters = [] }: { searchLabel: string; filters?: ListFilter[] }) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const q = params.get("q") ?? "";

  const send = (form: HTMLFormElement) => {
    // Empty fields are left out so the address stays short and shareable.
    const fields = [...new FormData(form).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== "",
    );
    submit(new URLSearchParams(fields), { method: "get", preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      role="search"
      aria-label={searchLabel}
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          // A new address (back button, cleared search) resets what the box shows.
          key={q}
          name="q"
          type="search"
          label="Buscar"
          placeholder={searchLabel}
          defaultValue={q}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: "1 1 220px" }}
        />
        {filters.map((filter) => (
          <NativeSelect
            key={`${filter.name}:${params.get(filter.name) ?? ""}`}
            name={filter.name}
            label={filter.label}
            data={filter.options}
            defaultValue={params.get(filter.name) ?? ""}
            onChange={(event) => {
              const form = event.currentTarget.form;
              if (form) send(form);
            }}
            style={{ flex: "0 1 200px" }}
          />
        ))}
        <Button type="submit" variant="light">
          Buscar
        </Button>
      </Group>
    </Form>
  );
}
