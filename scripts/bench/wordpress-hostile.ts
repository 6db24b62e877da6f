/**
 * The WordPress import against the exports issue 33 found harmful, each generated here (none is
 * committed): an old post whose shortcodes, comments or markup a pattern would read back and forth
 * (item 6), exports of elements nested millions deep (item 7), and a 99 MB export imported twice in a
 * row. Through the REST API of a server of its own on a new data folder for each export, with the
 * attachments not fetched; for each, the server's peak RSS and the longest wait of a request that needs no database
 * (sent every tenth of a second meanwhile: the event loop held up).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { WordPressImportView } from "../../common/views/wordpress-import.ts";
import { temporaryFolder } from "./cleanup.ts";
import { totalRssMb } from "./proc.ts";
import { seed } from "./seed.ts";
import { type RunningServer, startAppServer } from "./server.ts";
import { watched } from "./wordpress-import.ts";

const SITE = "http://antigo.example";
const MB = 1024 * 1024;
const RUN_TIMEOUT_MS = 20 * 60_000;

export type HostileImportFigure = {
  label: string;
  exportMb: number;
  /** 201 for a preview, the refusal's status otherwise; "done" or the run's error. */
  outcome: string;
  seconds: number;
  rssPeakMb: number;
  slowestNoDatabaseMs: number;
  noDatabaseFailures: number;
};

type Post = { id: number; title: string; content: string };

const cdata = (text: string) => `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

function itemXml({ id, title, content }: Post): string {
  const slug = `noticia-${id}`;
  return (
    `<item><title>${cdata(title)}</title><link>${SITE}/${slug}/</link>` +
    `<content:encoded>${cdata(content)}</content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>` +
    `<wp:post_id>${id}</wp:post_id><wp:post_date>2024-03-01 10:00:00</wp:post_date>` +
    `<wp:post_date_gmt>2024-03-01 13:00:00</wp:post_date_gmt><wp:post_name>${slug}</wp:post_name>` +
    `<wp:status>publish</wp:status><wp:post_parent>0</wp:post_parent><wp:menu_order>0</wp:menu_order>` +
    "<wp:post_type>post</wp:post_type></item>\n"
  );
}

/** A WXR 1.2 export of `posts`, with `inside` written into the first item (the nesting exports). */
function exportXml(posts: Post[], inside = ""): string {
  const items = posts.map(itemXml);
  if (inside && items[0]) items[0] = items[0].replace("</item>", `${inside}</item>`);
  return (
    '<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" ' +
    'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n' +
    `<title>Cooperativa de teste</title><link>${SITE}</link><language>pt-BR</language>` +
    `<wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>${SITE}</wp:base_site_url><wp:base_blog_url>${SITE}</wp:base_blog_url>\n` +
    `${items.join("")}</channel>\n</rss>\n`
  );
}

const PARAGRAPH =
  "<p>Reunidos na sede do núcleo, cooperados e cooperadas participaram de mais uma atividade da cooperativa, " +
  "que neste ano já levou assistência técnica a mais de trezentas famílias da região.</p>\n";
const ordinary = (id: number, bytes: number): Post => ({
  id,
  title: `Notícia ${id} da cooperativa`,
  content: `<!-- wp:paragraph -->\n${PARAGRAPH.repeat(Math.max(1, Math.round(bytes / PARAGRAPH.length)))}<!-- /wp:paragraph -->`,
});

/** Item 6's post, and one of each shape the other patterns of an import's content would backtrack on. */
const HOSTILE_POSTS: [string, string][] = [
  ["[a] × 128,000", "[a]".repeat(128_000)],
  ["shortcodes never closed", "[a ".repeat(128_000)],
  ["enclosing shortcodes with no end", "[caption]<img ".repeat(30_000)],
  ["block comments never closed", "<!-- wp:".repeat(50_000)],
  ["elements never closed", "<div><b>".repeat(50_000)],
];

function shortcodeExport(): string {
  const posts = Array.from({ length: 50 }, (_, index) => ordinary(index + 1, 4000));
  HOSTILE_POSTS.forEach(([title, content], index) => {
    posts.push({ id: 1000 + index, title, content });
  });
  return exportXml(posts);
}

/** Elements nested `depth` deep inside an item, as the 21 MB and 93 MB exports of the report were. */
const nestingExport = (depth: number) =>
  exportXml([ordinary(1, 1000)], `${"<x>".repeat(depth)}${"</x>".repeat(depth)}`);

/** Ordinary news of 50 KB each, as many as make the export `megabytes` MB (of 1024 × 1024 bytes). */
function largeExport(megabytes: number): string {
  const itemBytes = Buffer.byteLength(itemXml(ordinary(1, 50_000)));
  const count = Math.floor((megabytes * MB - Buffer.byteLength(exportXml([]))) / itemBytes);
  return exportXml(Array.from({ length: count }, (_, index) => ordinary(index + 1, 50_000)));
}

async function api(server: RunningServer, token: string, method: string, url: string, body?: FormData) {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { accept: "application/json", authorization: `Token ${token}` },
    body,
  });
  return { status: response.status, view: (await response.json()) as WordPressImportView & { message?: string } };
}

/** Uploads `xml` and, when the preview is made, runs the import to its end. */
async function importOnce(server: RunningServer, token: string, xml: string): Promise<string> {
  const form = new FormData();
  form.append("export", new Blob([xml], { type: "application/xml" }), "exportacao.xml");
  form.append("files", "none");
  const preview = await api(server, token, "POST", "/api/wordpress-imports", form);
  if (preview.status !== 201) return `${preview.status} ${preview.view.message ?? ""}`.trim();
  const { id } = preview.view;
  const started = await api(server, token, "POST", `/api/wordpress-imports/${id}/start`);
  if (started.status !== 202) return `start ${started.status} ${started.view.message ?? ""}`;
  const since = performance.now();
  for (;;) {
    const { view } = await api(server, token, "GET", `/api/wordpress-imports/${id}`);
    if (view.status === "done") return `done, ${view.progress.total} items`;
    if (view.status === "failed") return `failed: ${view.error}`;
    if (performance.now() - since > RUN_TIMEOUT_MS) return `not done after ${RUN_TIMEOUT_MS / 60_000} min`;
    await sleep(250);
  }
}

async function measured(
  server: RunningServer,
  label: string,
  exportMb: number,
  work: () => Promise<string>,
): Promise<HostileImportFigure> {
  const started = performance.now();
  const { value, peakMb, noDatabase } = await watched(server, work);
  const figure = {
    label,
    exportMb,
    outcome: value,
    seconds: (performance.now() - started) / 1000,
    rssPeakMb: peakMb,
    slowestNoDatabaseMs: noDatabase.slowestSeconds * 1000,
    noDatabaseFailures: noDatabase.failed,
  };
  console.log(
    `${label} (${exportMb.toFixed(1)} MB): ${value} in ${figure.seconds.toFixed(1)} s; RSS peak ${peakMb.toFixed(0)} MB; ` +
      `slowest request without database ${figure.slowestNoDatabaseMs.toFixed(0)} ms (${noDatabase.failed} failed)`,
  );
  return figure;
}

const sizeMb = (xml: string) => Buffer.byteLength(xml) / MB;

/**
 * Runs `work` on a server of its own on a new data folder, seeded: each export's peak is its own, not
 * what the exports before it left in the process.
 */
async function onFreshServer<T>(work: (server: RunningServer, token: string) => Promise<T>): Promise<T> {
  const data = await temporaryFolder("cms-bench-wordpress-hostile-");
  const server = await startAppServer({ dataDir: data.path, pageCache: true });
  try {
    const { token } = await seed(server.base);
    console.log(`RSS before the import: ${(await totalRssMb(server.processes)).toFixed(0)} MB`);
    const value = await work(server, token);
    console.log(`RSS after it: ${(await totalRssMb(server.processes)).toFixed(0)} MB`);
    return value;
  } finally {
    await server.stop();
    await data.remove();
  }
}

/** Every hostile export, each on a fresh server; `largeMb` sets the size of the large one (0 skips it). */
export async function benchHostileWordpressImports(largeMb = 99): Promise<HostileImportFigure[]> {
  const figures: HostileImportFigure[] = [];
  const shortcodes = shortcodeExport();
  figures.push(
    await onFreshServer((server, token) =>
      measured(server, "posts of hostile shortcodes and markup", sizeMb(shortcodes), () =>
        importOnce(server, token, shortcodes),
      ),
    ),
  );
  for (const depth of [3_000_000, 13_300_000]) {
    const nested = nestingExport(depth);
    figures.push(
      await onFreshServer((server, token) =>
        measured(server, `elements nested ${(depth / 1e6).toFixed(1)} million deep`, sizeMb(nested), () =>
          importOnce(server, token, nested),
        ),
      ),
    );
  }
  if (largeMb > 0) {
    const large = largeExport(largeMb);
    figures.push(
      await onFreshServer((server, token) =>
        measured(server, "a large export, imported twice in a row", sizeMb(large), async () => {
          const first = await importOnce(server, token, large);
          const second = await importOnce(server, token, large);
          return `${first}; again: ${second}`;
        }),
      ),
    );
  }
  return figures;
}
