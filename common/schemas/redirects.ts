import { isSitePath, isWebAddress, plainString, z } from "../zod.ts";

export const redirectSources = ["manual", "wordpress"] as const;
export type RedirectSource = (typeof redirectSources)[number];

/** Old permalinks run long (a date, nested categories, a slug, a query); nothing real comes near this. */
export const REDIRECT_MAX_LENGTH = 2000;

export const SYSTEM_ADDRESS =
  "Os endereços /api, /conta, /files, /assets e /login são do próprio sistema e não podem ser redirecionados";
export const OTHER_SITE = "Redirecionamentos só levam a endereços deste site";
const NOT_A_PATH = "Informe um caminho que comece com /, como /2019/05/noticia-antiga/ ou /?p=123";
const NOT_A_SITE_PATH = "Informe um caminho deste site que comece com /, como /noticias/exemplo";

/** What the system answers itself (the API, the account, files and built assets, the sign-in page). */
const SYSTEM_PATH = /^\/(?:api|conta|files|assets|login)(?:[/?#.]|$)/i;

/**
 * An old address as typed, reduced to its path and query: an http(s) address loses its scheme and
 * host (only this site's requests ever reach it), and any address its #fragment (never sent).
 */
function oldPathOf(value: string): string {
  const path = (isWebAddress(value) ? value.replace(/^https?:\/\/[^/?#]*/i, "") : value).split("#")[0] ?? "";
  return path === "" || path.startsWith("?") ? `/${path}` : path;
}

/**
 * Why an old address cannot be redirected, or null. It may hold spaces (an old slug's %20 read back),
 * but not "//" or a backslash at its start (another host to a browser), nor a line break.
 */
function oldPathProblem(path: string): string | null {
  if (!/^\/(?![/\\])[^\\\t\n\r]*$/.test(path)) return NOT_A_PATH;
  if (SYSTEM_PATH.test(path)) return SYSTEM_ADDRESS;
  return null;
}

const addressText = () =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(REDIRECT_MAX_LENGTH, `No máximo ${REDIRECT_MAX_LENGTH} caracteres`);

/**
 * A redirect as the form, the action, the REST API and the WordPress import write it. The rules that
 * need the other redirects (one per old address, no chains, not to itself) are the service's.
 */
export const redirectSchema = z.object({
  from: addressText()
    .transform(oldPathOf)
    .superRefine((path, context) => {
      const problem = oldPathProblem(path);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .meta({
      description:
        "The old address: a path of this site with an optional query (/2019/05/noticia/, /?p=123). A whole http(s) address is accepted and only its path and query are kept. Matched whatever its trailing slash, case or percent-encoding.",
    }),
  to: addressText()
    .superRefine((value, context) => {
      if (isSitePath(value)) return;
      const elsewhere = isWebAddress(value) || /^[/\\]{2}/.test(value);
      context.addIssue({ code: "custom", message: elsewhere ? OTHER_SITE : NOT_A_SITE_PATH });
    })
    .meta({ description: "Where the old address leads: a path of this site, never another host." }),
});

export type RedirectInput = z.input<typeof redirectSchema>;
export type RedirectValues = z.infer<typeof redirectSchema>;

export const redirectListQuerySchema = z.object({
  source: z.enum(redirectSources, "Escolha uma origem válida").optional(),
});
export type RedirectListQuery = z.infer<typeof redirectListQuerySchema>;
