import type { MediaSort } from "../../../common/media.ts";
import { listQuerySchema } from "../../../common/pagination.ts";
import type { ReferenceFormat } from "../../../common/schemas/media.ts";
import { mediaListQuerySchema } from "../../../common/schemas/media.ts";
import { sitePaths } from "../../../common/site-paths.ts";

/** The public list's address parameters besides `page`, in the order the address lists them. */
export const mediaFilterFields = ["q", "type", "category", "tag", "language", "year_from", "year_to", "sort"] as const;
export type MediaFilterField = (typeof mediaFilterFields)[number];

/** The search and filters as the form holds them: text, "" for none. */
export type MediaFilterValues = Record<MediaFilterField, string>;

const fieldLabels: Record<MediaFilterField | "page", string> = {
  q: "Busca",
  type: "Tipo de material",
  category: "Categoria",
  tag: "Etiqueta",
  language: "Idioma",
  year_from: "Ano inicial",
  year_to: "Ano final",
  sort: "Ordenar por",
  page: "Página",
};

const DEFAULT_SORT: MediaSort = "relevance";

// Both halves check the same parameters; the intersection also runs the year range check of the list schema.
const publicQuerySchema = listQuerySchema.pick({ page: true, q: true }).and(mediaListQuerySchema);

/**
 * The public list's search, filters and page from the address. A hand-edited value that is not valid
 * (year_from=abc, an unknown type) is left out and named in `problems`, so the page still answers.
 */
export function readMediasQuery(url: URL) {
  const params: Record<string, string> = {};
  for (const name of [...mediaFilterFields, "page"] as const) {
    const value = url.searchParams.get(name)?.trim();
    if (value) params[name] = value;
  }
  const problems: string[] = [];
  for (;;) {
    const result = publicQuerySchema.safeParse(params);
    if (result.success) return { query: result.data, problems };
    const before = Object.keys(params).length;
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (!(name in params)) continue;
      delete params[name];
      problems.push(`${fieldLabels[name as MediaFilterField | "page"]}: ${issue.message}.`);
    }
    // An issue that names no parameter cannot be fixed by leaving one out: start over from the defaults.
    if (Object.keys(params).length === before) for (const name of Object.keys(params)) delete params[name];
  }
}

export type MediasQuery = ReturnType<typeof readMediasQuery>["query"];

/** The form's values for a query: every field, "" when not set. */
export function filterValues(query: MediasQuery): MediaFilterValues {
  const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  return {
    q: query.q,
    type: text(query.type),
    category: text(query.category),
    tag: text(query.tag),
    language: text(query.language),
    year_from: text(query.year_from),
    year_to: text(query.year_to),
    sort: query.sort,
  };
}

/** Only the fields in use, with the default order left out: the short, shareable form of the address. */
export function filterParams(values: Partial<MediaFilterValues>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of mediaFilterFields) {
    const value = values[name]?.trim() ?? "";
    if (value === "" || (name === "sort" && value === DEFAULT_SORT)) continue;
    params.set(name, value);
  }
  return params;
}

/** True when the visitor narrowed the list (the order alone does not count). */
export const isFiltered = (values: MediaFilterValues) =>
  mediaFilterFields.some((name) => name !== "sort" && values[name] !== "");

const withQuery = (path: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};

/** The list for one filter, e.g. the items of a category from an item's page. */
export const mediasHref = (values: Partial<MediaFilterValues> = {}) =>
  withQuery(sitePaths.medias, filterParams(values));

/** The export of everything the current filters find (every page), in the list's order. */
export function exportHref(values: MediaFilterValues, format: ReferenceFormat): string {
  const params = new URLSearchParams({ format });
  for (const [name, value] of filterParams(values)) params.set(name, value);
  return withQuery("/api/medias/export", params);
}

/** The export of one item. */
export const itemExportHref = (id: number, format: ReferenceFormat) =>
  `/api/medias/${id}/export?${new URLSearchParams({ format })}`;

/** A page of the list with its filters: the canonical address of what is shown. */
export function listPagePath(values: MediaFilterValues, page: number): string {
  const params = filterParams(values);
  if (page > 1) params.set("page", String(page));
  return withQuery(sitePaths.medias, params);
}
