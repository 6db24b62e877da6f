import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form, useSearchParams, useSubmit } from "react-router";

export type ListFilter = {
  /** The url parameter, e.g. `status`. */
  name: string;
  label: string;
  /** The first option should have the value "" (no filter). */
  options: { value: string; label: string }[];
};

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
