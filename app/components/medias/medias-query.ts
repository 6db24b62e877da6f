// The library's addresses, built in the browser too. Reading an address with the schemas is in
// medias-query.server.ts, so zod stays off the public pages (docs/decisions/0009-lean-public-pages.md).
import type { MediaSort } from "../../../common/media.ts";
import type { ReferenceFormat } from "../../../common/schemas/media.ts";
import { sitePaths } from "../../../common/site-paths.ts";

/** The public list's address parameters besides `page`, in the order the address lists them. */
export const mediaFilterFields = ["q", "type", "category", "tag", "language", "year_from", "year_to", "sort"] as const;
export type MediaFilterField = (typeof mediaFilterFields)[number];

/** The search and filters as the form holds them: text, "" for none. */
export type MediaFilterValues = Record<MediaFilterField, string>;

const DEFAULT_SORT: MediaSort = "relevance";

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
