/**
 * The `id`s a rich text may keep: what links to a section of a page ("/sobre#servicos") point at, as
 * WordPress's block editor writes them (its "Âncora HTML") and as old links expect them. An id is
 * kept as written, so such a link works without JavaScript, and only when it cannot clobber the page:
 *
 * - lower-case letters, digits and hyphens, starting with a letter: React's own ids (useId, "_r_1_")
 *   start otherwise, and no camelCase or underscored name (`dataLayer`, `google_tag_data`) can be
 *   shadowed on `window` by an element of the text;
 * - none of the app's own fixed ids (APP_IDS): an element of the text with the id of the page's main,
 *   a section's heading or the analytics script would take its place for getElementById, a label or
 *   aria-labelledby (server/modules/content/rich-text-ids.test.ts checks that every fixed id of the public pages' code is
 *   listed here; the account area's are too, as they were when this was written);
 * - once per text: a second element with the same id is not what a link to it meant.
 */
export const APP_IDS: ReadonlySet<string> = new Set([
  "account-menu-title",
  "arquivos",
  "arquivos-nao-lidos",
  "best-sellers-title",
  "como-citar",
  "comprador",
  "confirm-move-title",
  "conta",
  "conteudo",
  "conteudo-associados",
  "declaration-title",
  "descricao",
  "documentos",
  "endereco",
  "enderecos-trocados",
  "entrega",
  "eventos-passados",
  "gtag-js",
  "import-file",
  "importacoes-anteriores",
  "low-stock-title",
  "nao-importados",
  "order-history-title",
  "order-label-title",
  "order-tracking-title",
  "product-variant",
  "proximos-eventos",
  "relacionados",
  "resultado-da-leitura",
  "resumo",
  "revisao",
  "shop-dashboard-title",
  "shop-q",
  "shop-sort",
  "shortcodes",
  "slip-title",
  "ultimas-noticias",
  "verificacao-em-duas-etapas",
]);

const CONTENT_ID = /^[a-z][a-z0-9-]{0,79}$/;

/** Whether a rich text may keep this id (see above; `seen` holds the ids kept so far in the same text). */
export const isContentId = (id: string, seen: ReadonlySet<string>): boolean =>
  CONTENT_ID.test(id) && !APP_IDS.has(id) && !seen.has(id);
