import { Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Form, useSubmit } from "react-router";
import { mediaSortLabels, mediaSorts } from "../../../common/media.ts";
import { MAX_YEAR, MIN_YEAR } from "../../../common/schemas/media.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { FacetCount, MediaFilters } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import { filterParams, type MediaFilterField, type MediaFilterValues } from "./medias-query.ts";

type Option = { value: string; label: string };

/**
 * The options of one filter with their counts. A value from the address that no visible item has
 * (an old link) is still offered, so the select shows what the list is filtered by.
 */
function facetOptions(all: string, facets: Array<FacetCount & { label?: string }>, current: string): Option[] {
  const options = facets.map((facet) => ({
    value: facet.value,
    label: `${facet.label ?? facet.value} (${facet.count})`,
  }));
  if (current && !facets.some((facet) => facet.value === current))
    options.push({ value: current, label: `${current} (0)` });
  return [{ value: "", label: all }, ...options];
}

const sortOptions: Option[] = mediaSorts.map((sort) => ({ value: sort, label: mediaSortLabels[sort] }));

/**
 * Search box and filters of /biblioteca: a plain GET form, so the address holds the whole result set
 * (shareable, and it works without JavaScript). With JavaScript a changed select applies at once and
 * empty fields stay out of the address.
 */
export function MediaFiltersPanel({ filters, values }: { filters: MediaFilters; values: MediaFilterValues }) {
  const submit = useSubmit();
  const [fields, setFields] = useState(values);
  // Back and forward buttons, and links to a filter, change the address: the form follows it.
  useEffect(() => setFields(values), [values]);

  const send = (next: MediaFilterValues) =>
    submit(filterParams(next), { method: "get", action: sitePaths.medias, preventScrollReset: true });
  const text = (name: MediaFilterField) => ({
    name,
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields({ ...fields, [name]: event.currentTarget.value }),
  });
  const select = (name: MediaFilterField) => ({
    name,
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const next = { ...fields, [name]: event.currentTarget.value };
      setFields(next);
      // A change React replays while hydrating can carry the value the address already has: nothing to apply.
      if (next[name] !== values[name]) send(next);
    },
  });
  const years = filters.years.map((year) => year.value);

  return (
    <Paper withBorder p="md" radius="md">
      <Form
        method="get"
        action={sitePaths.medias}
        role="search"
        aria-label="Filtros da biblioteca"
        onSubmit={(event) => {
          event.preventDefault();
          send(fields);
        }}
      >
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            {...text("q")}
            type="search"
            label="Buscar na biblioteca"
            placeholder="Título, autor, assunto..."
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={200}
            style={{ gridColumn: "1 / -1" }}
          />
          <NativeSelect
            {...select("type")}
            label="Tipo de material"
            data={facetOptions("Todos os tipos", filters.types, fields.type)}
          />
          <NativeSelect
            {...select("category")}
            label="Categoria"
            data={facetOptions("Todas as categorias", filters.categories, fields.category)}
          />
          <NativeSelect
            {...select("tag")}
            label="Etiqueta"
            data={facetOptions("Todas as etiquetas", filters.tags, fields.tag)}
          />
          <NativeSelect
            {...select("language")}
            label="Idioma"
            data={facetOptions("Todos os idiomas", filters.languages, fields.language)}
          />
          <TextInput
            {...text("year_from")}
            type="number"
            inputMode="numeric"
            label="Ano inicial"
            min={MIN_YEAR}
            max={MAX_YEAR}
            placeholder={years.length > 0 ? String(Math.min(...years)) : undefined}
          />
          <TextInput
            {...text("year_to")}
            type="number"
            inputMode="numeric"
            label="Ano final"
            min={MIN_YEAR}
            max={MAX_YEAR}
            placeholder={years.length > 0 ? String(Math.max(...years)) : undefined}
          />
          <NativeSelect {...select("sort")} label="Ordenar por" data={sortOptions} />
        </SimpleGrid>
        <Group gap="md" mt="md">
          <Button type="submit">Filtrar</Button>
          <Anchor component={AppLink} to={sitePaths.medias} size="sm">
            Limpar filtros
          </Anchor>
        </Group>
      </Form>
    </Paper>
  );
}
