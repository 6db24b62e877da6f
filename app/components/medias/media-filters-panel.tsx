import { useEffect, useId, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { MAX_YEAR, MIN_YEAR, mediaSortLabels, mediaSorts } from "../../../common/media.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { FacetCount, MediaFilters } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import { SearchIcon } from "../site/icons.tsx";
import { buttonClass, ui } from "../site/ui/ui.tsx";
import { useChangedBeforeHydration } from "../site/use-changed-before-hydration.ts";
import styles from "./media-filters-panel.module.css";
import { filterParams, type MediaFilterField, type MediaFilterValues, mediaFilterFields } from "./medias-query.ts";

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

function SelectField({
  label,
  options,
  ...select
}: { label: string; options: Option[] } & Omit<React.ComponentPropsWithoutRef<"select">, "children">) {
  const id = useId();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={`${ui.input} ${styles.select}`} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function InputField({ label, className, ...input }: { label: string } & React.ComponentPropsWithoutRef<"input">) {
  const id = useId();
  return (
    <div className={`${ui.field} ${className ?? ""}`}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} className={ui.input} {...input} />
    </div>
  );
}

/** The form's fields as the address holds them. */
function formValues(form: HTMLFormElement): MediaFilterValues {
  const data = new FormData(form);
  return Object.fromEntries(mediaFilterFields.map((name) => [name, String(data.get(name) ?? "")])) as MediaFilterValues;
}

/**
 * Search box and filters of /biblioteca: a plain GET form, so the address holds the whole result set
 * (shareable, and it works without JavaScript). With JavaScript a changed select applies at once and
 * empty fields stay out of the address. The fields are the browser's own (uncontrolled): what was typed
 * before the page came to life stays, and a select changed then applies once it runs.
 */
export function MediaFiltersPanel({ filters, values }: { filters: MediaFilters; values: MediaFilterValues }) {
  const submit = useSubmit();
  const searchId = useId();
  const send = (form: HTMLFormElement) =>
    submit(filterParams(formValues(form)), { method: "get", action: sitePaths.medias, preventScrollReset: true });
  const form = useChangedBeforeHydration<HTMLFormElement>((changed, root) => {
    if (changed.some((control) => control instanceof HTMLSelectElement)) send(root);
  });
  // Back and forward buttons, and links to a filter, change the address: the fields follow it.
  const address = filterParams(values).toString();
  const shown = useRef(address);
  useEffect(() => {
    const root = form.current;
    if (shown.current === address || !root) return;
    shown.current = address;
    for (const name of mediaFilterFields) {
      const control = root.elements.namedItem(name);
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) control.value = values[name];
    }
  }, [address, form, values]);

  const text = (name: MediaFilterField) => ({ name, defaultValue: values[name] });
  const select = (name: MediaFilterField) => ({
    name,
    defaultValue: values[name],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
      const { form: owner, value } = event.currentTarget;
      // A change React replays while hydrating can carry the value the address already has: nothing to apply.
      if (owner && value !== values[name]) send(owner);
    },
  });
  const years = filters.years.map((year) => year.value);

  return (
    <Form
      ref={form}
      method="get"
      action={sitePaths.medias}
      role="search"
      aria-label="Filtros da biblioteca"
      className={ui.card}
      onSubmit={(event) => {
        event.preventDefault();
        send(event.currentTarget);
      }}
    >
      <div className={styles.grid}>
        <div className={`${ui.field} ${styles.wide}`}>
          <label className={ui.label} htmlFor={searchId}>
            Buscar na biblioteca
          </label>
          <div className={styles.search}>
            <SearchIcon />
            <input
              {...text("q")}
              id={searchId}
              type="search"
              className={ui.input}
              placeholder="Título, autor, assunto..."
              maxLength={200}
            />
          </div>
        </div>
        <SelectField
          {...select("type")}
          label="Tipo de material"
          options={facetOptions("Todos os tipos", filters.types, values.type)}
        />
        <SelectField
          {...select("category")}
          label="Categoria"
          options={facetOptions("Todas as categorias", filters.categories, values.category)}
        />
        <SelectField
          {...select("tag")}
          label="Etiqueta"
          options={facetOptions("Todas as etiquetas", filters.tags, values.tag)}
        />
        <SelectField
          {...select("language")}
          label="Idioma"
          options={facetOptions("Todos os idiomas", filters.languages, values.language)}
        />
        <InputField
          {...text("year_from")}
          type="number"
          inputMode="numeric"
          label="Ano inicial"
          min={MIN_YEAR}
          max={MAX_YEAR}
          placeholder={years.length > 0 ? String(Math.min(...years)) : undefined}
        />
        <InputField
          {...text("year_to")}
          type="number"
          inputMode="numeric"
          label="Ano final"
          min={MIN_YEAR}
          max={MAX_YEAR}
          placeholder={years.length > 0 ? String(Math.max(...years)) : undefined}
        />
        <SelectField {...select("sort")} label="Ordenar por" options={sortOptions} />
      </div>
      <div className={`${ui.group} ${styles.actions}`}>
        <button type="submit" className={buttonClass()}>
          Filtrar
        </button>
        <AppLink to={sitePaths.medias} className={ui.small}>
          Limpar filtros
        </AppLink>
      </div>
    </Form>
  );
}
