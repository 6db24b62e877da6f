import { listQuerySchema } from "../../../common/pagination.ts";
import { mediaListQuerySchema } from "../../../common/schemas/media.ts";
import { type MediaFilterField, type MediaFilterValues, mediaFilterFields } from "./medias-query.ts";

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

type MediasQuery = ReturnType<typeof readMediasQuery>["query"];

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
