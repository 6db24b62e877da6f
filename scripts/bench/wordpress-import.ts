/**
 * A WordPress import (issue 25) of a generated site of `posts` news, each with its own featured image
 * (`_thumbnail_id`) shown in its text, as a WXR 1.2 export in the shape stock WordPress writes
 * (tests/fixtures/wordpress/site.xml): pt-BR titles, Gutenberg blocks, categories and tags. The images
 * (800×600, every fourth a PNG, the rest JPEG, no two alike) are served by a small static server on
 * 127.0.0.1, which the app server may fetch from as it runs with WORDPRESS_FILES_PRIVATE_HOSTS=127.0.0.1.
 * Through the REST API, as the super user: the preview (the upload, until its 201), the run (start,
 * until the import says "done"; its progress printed every few seconds, the server's memory sampled and
 * a request that needs no database timed meanwhile), then the same file again (preview and run), which
 * must create and update nothing.
 */
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { type ImportCounts, importKinds, type WordPressImportView } from "../../common/views/wordpress-import.ts";
import { onCleanup, temporaryFolder } from "./cleanup.ts";
import { sampleRssPeak, totalRssMb } from "./proc.ts";
import { seed } from "./seed.ts";
import { type RunningServer, startAppServer } from "./server.ts";

/** What one import part measured; the checks that failed are in the misses (empty when all held). */
export type WordpressImportFigures = {
  posts: number;
  exportBytes: number;
  imageBytes: number;
  previewSeconds: number;
  importSeconds: number;
  /** The run's progress total: files, pages and news, menu, old addresses. */
  items: number;
  /** The longest the server took to answer one of the run's progress polls (GET of the import). */
  slowestPollSeconds: number;
  /**
   * Meanwhile, from the upload to the end of the run: the longest wait for a 404 that needs no
   * database (the event loop held up), and how many of those requests failed.
   */
  slowestNoDatabaseSeconds: number;
  noDatabaseFailures: number;
  againPreviewSeconds: number;
  againSeconds: number;
  rssBeforeMb: number;
  /** The most seen from the upload to the end of the first run (sampled every quarter second). */
  rssPeakMb: number;
  rssAfterMb: number;
  /** Against what the first preview and run should have found and done. */
  importMisses: string[];
  /** Against "nothing created or updated, no file fetched" for the second import. */
  againMisses: string[];
};

/** The part's figures, or why it stopped (the import's error and the server's last lines). */
export type WordpressImportOutcome =
  | ({ ok: true } & WordpressImportFigures)
  | { ok: false; posts: number; error: string };

const WIDTH = 800;
const HEIGHT = 600;
const SITE_TITLE = "Cooperativa Vale Verde";
/** A stalled or endless run is reported rather than waited for. */
const RUN_TIMEOUT_MS = 30 * 60_000;
/** One request (the preview reads the whole export and asks the old site for every file). */
const REQUEST_TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 250;
const PROGRESS_EVERY_MS = 5_000;
/** Images made at once (sharp works on libuv's threads). */
const GENERATE_AT_ONCE = 8;

// ——— The site ———

type Term = { id: number; slug: string; name: string };

const CATEGORIES: Term[] = [
  { id: 1, slug: "sem-categoria", name: "Sem categoria" },
  { id: 2, slug: "noticias", name: "Notícias" },
  { id: 3, slug: "feiras", name: "Feiras" },
  { id: 4, slug: "agroecologia", name: "Agroecologia" },
  { id: 5, slug: "assembleias", name: "Assembleias" },
  { id: 6, slug: "credito-rural", name: "Crédito rural" },
  { id: 7, slug: "educacao-cooperativista", name: "Educação cooperativista" },
];
const TAGS: Term[] = [
  { id: 11, slug: "acai", name: "açaí" },
  { id: 12, slug: "cafe", name: "café" },
  { id: 13, slug: "safra-2024", name: "safra 2024" },
  { id: 14, slug: "mulheres-do-campo", name: "mulheres do campo" },
  { id: 15, slug: "juventude-rural", name: "juventude rural" },
  { id: 16, slug: "pronaf", name: "Pronaf" },
  { id: 17, slug: "economia-solidaria", name: "economia solidária" },
  { id: 18, slug: "leite", name: "leite" },
];
const TOPICS = [
  "Colheita recorde de açaí",
  "Feira de economia solidária",
  "Curso de manejo agroecológico",
  "Assembleia aprova a prestação de contas",
  "Mutirão de plantio de mudas nativas",
  "Cooperadas lançam linha de doces caseiros",
  "Nova câmara fria para as hortaliças",
  "Crédito do Pronaf para jovens agricultores",
  "Dia de campo sobre café especial",
  "Oficina de gestão financeira",
];
const PLACES = [
  "Vale Verde",
  "Itaobim",
  "Governador Valadares",
  "Conceição do Mato Dentro",
  "São João Evangelista",
  "Açucena",
  "Guanhães",
  "Peçanha",
  "Virginópolis",
  "Sabinópolis",
  "Coroaci",
  "Frei Inocêncio",
  "Tumiritinga",
  "Galiléia",
  "Conselheiro Pena",
  "Resplendor",
  "Aimorés",
  "Itueta",
  "Santa Rita do Itueto",
  "Alpercata",
  "Marilac",
  "Mathias Lobato",
  "Nacip Raydan",
  "São Geraldo da Piedade",
  "Jampruca",
];

/** The `index`-th of `list`, going round it. */
function cycled<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error("cycled: an empty list");
  return value;
}

/** As WordPress's sanitize_title: accents off, lower case, words joined by hyphens. */
const slugOf = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const pad = (value: number) => String(value).padStart(2, "0");
/** "YYYY-MM-DD HH:MM:SS" of a date's UTC fields. */
const wpDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
  `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
/** WordPress's site time for these posts: Brasília, UTC-3. */
const BRASILIA_MS = -3 * 3_600_000;
const FIRST_POST = Date.UTC(2019, 0, 7, 12, 0, 0);
/** About two days apart: a thousand posts cover five and a half years. */
const POST_EVERY_MS = 47 * 3_600_000;

type GeneratedPost = {
  id: number;
  title: string;
  slug: string;
  date: Date;
  place: string;
  category: Term;
  tags: Term[];
  image: { id: number; slug: string; file: string; alt: string; png: boolean };
};

function generatedPost(index: number): GeneratedPost {
  const combination = index % (TOPICS.length * PLACES.length);
  const edition = Math.floor(index / (TOPICS.length * PLACES.length)) + 1;
  const topic = cycled(TOPICS, combination);
  const place = cycled(PLACES, Math.floor(combination / TOPICS.length));
  const title = `${topic} em ${place}${edition > 1 ? ` (${edition}ª edição)` : ""}`;
  const slug = slugOf(title);
  const date = new Date(FIRST_POST + index * POST_EVERY_MS);
  // The post is written first and the photo uploaded from its editor: the photo's id follows the post's.
  const id = 100 + 2 * index;
  const png = index % 4 === 3;
  const folder = `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}`;
  return {
    id,
    title,
    slug,
    date,
    place,
    // Any category but "Sem categoria", and two tags (never the same: 2 * index + 1 is odd).
    category: cycled(CATEGORIES.slice(1), index),
    tags: [cycled(TAGS, index), cycled(TAGS, index * 3 + 1)],
    image: {
      id: id + 1,
      slug: `foto-${slug}`,
      file: `${folder}/foto-${slug}.${png ? "png" : "jpg"}`,
      alt: `Cooperados durante a atividade em ${place}`,
      png,
    },
  };
}

/** A landscape in colours of its own: sky, sun, hills and rows of plants placed by `index`. */
function imageSvg(index: number): string {
  const channel = (seed: number, low: number, span: number) => low + ((index * seed) % span);
  const rgb = (r: number, g: number, b: number) => `rgb(${r},${g},${b})`;
  const sky = rgb(channel(37, 90, 120), channel(53, 140, 90), channel(71, 190, 60));
  const horizon = rgb(channel(29, 200, 55), channel(41, 180, 70), channel(13, 150, 100));
  const hill = rgb(channel(17, 30, 90), channel(23, 90, 110), channel(31, 20, 70));
  const rows = Array.from({ length: 14 }, (_, row) => {
    const y = 380 + row * 16 + ((index + row) % 7);
    const green = rgb(channel(7 + row, 20, 60), channel(11 + row, 100, 120), channel(5 + row, 20, 50));
    return `<path d="M0 ${y} Q ${200 + ((index * (row + 3)) % 400)} ${y - 30} 800 ${y + ((row * index) % 20)}" stroke="${green}" stroke-width="7" fill="none"/>`;
  }).join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/>` +
    `<stop offset="1" stop-color="${horizon}"/></linearGradient></defs>` +
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>` +
    `<circle cx="${channel(53, 60, 680)}" cy="${channel(29, 50, 150)}" r="${channel(7, 25, 40)}" fill="rgb(250,210,90)"/>` +
    `<path d="M0 ${channel(11, 300, 80)} Q ${channel(61, 100, 600)} ${channel(19, 220, 90)} 800 ${channel(43, 290, 90)} V600 H0 Z" fill="${hill}"/>` +
    rows +
    "</svg>"
  );
}

/** PHP's serialize() of the attachment's metadata, as WordPress stores it (lengths in bytes). */
function attachmentMetadata(file: string, size: number): string {
  const string = (value: string) => `s:${Buffer.byteLength(value)}:"${value}";`;
  const imageMeta =
    'a:12:{s:8:"aperture";s:1:"0";s:6:"credit";s:0:"";s:6:"camera";s:0:"";s:7:"caption";s:0:"";' +
    's:17:"created_timestamp";s:1:"0";s:9:"copyright";s:0:"";s:12:"focal_length";s:1:"0";s:3:"iso";s:1:"0";' +
    's:13:"shutter_speed";s:1:"0";s:5:"title";s:0:"";s:11:"orientation";s:1:"0";s:8:"keywords";a:0:{}}';
  return (
    `a:6:{${string("width")}i:${WIDTH};${string("height")}i:${HEIGHT};${string("file")}${string(file)}` +
    `${string("filesize")}i:${size};${string("sizes")}a:0:{}${string("image_meta")}${imageMeta}}`
  );
}

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;

function postContent(post: GeneratedPost, imageUrl: string, previous: string | null): string {
  const { image, place } = post;
  const blocks = [
    paragraph(
      `Reunidos na sede do núcleo de ${place}, cooperados e cooperadas participaram de mais uma atividade da ` +
        `<strong>${SITE_TITLE}</strong>, que neste ano já levou assistência técnica a mais de trezentas famílias da região.`,
    ),
    `<!-- wp:image {"id":${image.id},"sizeSlug":"full","linkDestination":"none"} -->\n` +
      `<figure class="wp-block-image size-full"><img src="${imageUrl}" alt="${image.alt}" class="wp-image-${image.id}"/>` +
      `<figcaption class="wp-element-caption">Atividade em ${place}.</figcaption></figure>\n<!-- /wp:image -->`,
    paragraph(
      "A iniciativa faz parte do planejamento aprovado pelos cooperados na última assembleia geral, que definiu " +
        "como prioridades a ampliação dos canais de comercialização, a redução dos custos de produção e o " +
        "fortalecimento da assistência técnica e da transição agroecológica.",
    ),
    "<!-- wp:heading -->\n<h2>Próximos passos</h2>\n<!-- /wp:heading -->",
    paragraph(
      "Os recursos vieram do fundo de assistência técnica, educacional e social, formado por uma parcela das " +
        "sobras de cada exercício, como determina a lei do cooperativismo. As próximas atividades serão " +
        "divulgadas no boletim mensal e nos avisos afixados nos postos de atendimento.",
    ),
    ...(previous ? [paragraph(`Leia também: <a href="${previous}">a notícia anterior</a>.`)] : []),
  ];
  return `${blocks.join("\n\n")}\n\n`;
}

const cdata = (text: string) => `<![CDATA[${text}]]>`;
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

function termLines(): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    lines.push(
      "\t\t<wp:category>",
      `\t\t<wp:term_id>${category.id}</wp:term_id>`,
      `\t\t<wp:category_nicename>${cdata(category.slug)}</wp:category_nicename>`,
      `\t\t<wp:category_parent>${cdata("")}</wp:category_parent>`,
      `\t\t<wp:cat_name>${cdata(category.name)}</wp:cat_name>`,
      "\t</wp:category>",
    );
  }
  for (const tag of TAGS) {
    lines.push(
      "\t\t<wp:tag>",
      `\t\t<wp:term_id>${tag.id}</wp:term_id>`,
      `\t\t<wp:tag_slug>${cdata(tag.slug)}</wp:tag_slug>`,
      `\t\t<wp:tag_name>${cdata(tag.name)}</wp:tag_name>`,
      "\t</wp:tag>",
    );
  }
  for (const [taxonomy, terms] of [
    ["category", CATEGORIES],
    ["post_tag", TAGS],
  ] as const) {
    for (const term of terms) {
      lines.push(
        "\t\t<wp:term>",
        `\t\t<wp:term_id>${term.id}</wp:term_id>`,
        `\t\t<wp:term_taxonomy>${cdata(taxonomy)}</wp:term_taxonomy>`,
        `\t\t<wp:term_slug>${cdata(term.slug)}</wp:term_slug>`,
        `\t\t<wp:term_parent>${cdata("")}</wp:term_parent>`,
        `\t\t<wp:term_name>${cdata(term.name)}</wp:term_name>`,
        "\t</wp:term>",
      );
    }
  }
  return lines;
}

type ItemFields = {
  title: string;
  link: string;
  date: Date;
  guid: string;
  content: string;
  excerpt: string;
  id: number;
  commentStatus: string;
  pingStatus: string;
  name: string;
  status: string;
  parent: number;
  type: string;
  tail: string[];
};

/** One <item>, element for element as WordPress 6.1's export writes it. */
function itemLines(item: ItemFields): string[] {
  const local = new Date(item.date.getTime() + BRASILIA_MS);
  return [
    "\t\t<item>",
    `\t\t<title>${cdata(item.title)}</title>`,
    `\t\t<link>${item.link}</link>`,
    `\t\t<pubDate>${rfc2822(item.date)}</pubDate>`,
    `\t\t<dc:creator>${cdata("admin")}</dc:creator>`,
    `\t\t<guid isPermaLink="false">${item.guid}</guid>`,
    "\t\t<description></description>",
    `\t\t<content:encoded>${cdata(item.content)}</content:encoded>`,
    `\t\t<excerpt:encoded>${cdata(item.excerpt)}</excerpt:encoded>`,
    `\t\t<wp:post_id>${item.id}</wp:post_id>`,
    `\t\t<wp:post_date>${cdata(wpDate(local))}</wp:post_date>`,
    `\t\t<wp:post_date_gmt>${cdata(wpDate(item.date))}</wp:post_date_gmt>`,
    `\t\t<wp:post_modified>${cdata(wpDate(local))}</wp:post_modified>`,
    `\t\t<wp:post_modified_gmt>${cdata(wpDate(item.date))}</wp:post_modified_gmt>`,
    `\t\t<wp:comment_status>${cdata(item.commentStatus)}</wp:comment_status>`,
    `\t\t<wp:ping_status>${cdata(item.pingStatus)}</wp:ping_status>`,
    `\t\t<wp:post_name>${cdata(item.name)}</wp:post_name>`,
    `\t\t<wp:status>${cdata(item.status)}</wp:status>`,
    `\t\t<wp:post_parent>${item.parent}</wp:post_parent>`,
    "\t\t<wp:menu_order>0</wp:menu_order>",
    `\t\t<wp:post_type>${cdata(item.type)}</wp:post_type>`,
    `\t\t<wp:post_password>${cdata("")}</wp:post_password>`,
    "\t\t<wp:is_sticky>0</wp:is_sticky>",
    ...item.tail,
    "\t\t\t\t\t\t</item>",
  ];
}

const postmeta = (key: string, value: string) => [
  "\t\t\t\t\t\t<wp:postmeta>",
  `\t\t<wp:meta_key>${cdata(key)}</wp:meta_key>`,
  `\t\t<wp:meta_value>${cdata(value)}</wp:meta_value>`,
  "\t\t</wp:postmeta>",
];

/** The export, as Ferramentas → Exportar → Todo o conteúdo writes it; `sizes` are the images' bytes. */
function wxrExport(site: string, posts: GeneratedPost[], sizes: number[]): string {
  const now = new Date();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    "<!-- This is a WordPress eXtended RSS file generated by WordPress as an export of your site. -->",
    "<!-- It contains information about your site's posts, pages, comments, categories, and other content. -->",
    "<!-- You may use this file to transfer that content from one site to another. -->",
    "<!-- This file is not intended to serve as a complete backup of your site. -->",
    "",
    `\t<!-- generator="WordPress/6.1.9" created="${wpDate(now).slice(0, 16)}" -->`,
    '<rss version="2.0"',
    '\txmlns:excerpt="http://wordpress.org/export/1.2/excerpt/"',
    '\txmlns:content="http://purl.org/rss/1.0/modules/content/"',
    '\txmlns:wfw="http://wellformedweb.org/CommentAPI/"',
    '\txmlns:dc="http://purl.org/dc/elements/1.1/"',
    '\txmlns:wp="http://wordpress.org/export/1.2/"',
    ">",
    "",
    "<channel>",
    `\t<title>${SITE_TITLE}</title>`,
    `\t<link>${site}</link>`,
    "\t<description>Agricultura familiar organizada desde 1998</description>",
    `\t<pubDate>${rfc2822(now)}</pubDate>`,
    "\t<language>pt-BR</language>",
    "\t<wp:wxr_version>1.2</wp:wxr_version>",
    `\t<wp:base_site_url>${site}</wp:base_site_url>`,
    `\t<wp:base_blog_url>${site}</wp:base_blog_url>`,
    "",
    `\t\t<wp:author><wp:author_id>1</wp:author_id><wp:author_login>${cdata("admin")}</wp:author_login><wp:author_email>${cdata("comunicacao@valeverde.coop.br")}</wp:author_email><wp:author_display_name>${cdata("Comunicação Vale Verde")}</wp:author_display_name><wp:author_first_name>${cdata("")}</wp:author_first_name><wp:author_last_name>${cdata("")}</wp:author_last_name></wp:author>`,
    "",
    ...termLines(),
    "",
    "\t<generator>https://wordpress.org/?v=6.1.9</generator>",
    "",
  ];
  posts.forEach((post, index) => {
    const { image } = post;
    const imageUrl = `${site}/wp-content/uploads/${image.file}`;
    const previous = index > 0 ? `${site}/${posts[index - 1]?.slug}/` : null;
    lines.push(
      ...itemLines({
        title: post.title,
        link: `${site}/${post.slug}/`,
        date: post.date,
        guid: `${site}/?p=${post.id}`,
        content: postContent(post, imageUrl, previous),
        excerpt: index % 3 === 0 ? `Mais uma atividade da cooperativa em ${post.place}.` : "",
        id: post.id,
        commentStatus: "open",
        pingStatus: "open",
        name: post.slug,
        status: "publish",
        parent: 0,
        type: "post",
        tail: [
          ...[post.category, ...post.tags].map(
            (term, at) =>
              `${at === 0 ? "\t".repeat(10) : "\t\t"}<category domain="${at === 0 ? "category" : "post_tag"}" ` +
              `nicename="${term.slug}">${cdata(term.name)}</category>`,
          ),
          ...postmeta("_edit_last", "1"),
          ...postmeta("_thumbnail_id", String(image.id)),
        ],
      }),
      ...itemLines({
        title: image.alt,
        link: `${site}/${post.slug}/${image.slug}/`,
        date: post.date,
        guid: imageUrl,
        content: "",
        excerpt: "",
        id: image.id,
        commentStatus: "open",
        pingStatus: "closed",
        name: image.slug,
        status: "inherit",
        parent: post.id,
        type: "attachment",
        tail: [
          `\t\t\t\t\t\t<wp:attachment_url>${cdata(imageUrl)}</wp:attachment_url>`,
          ...postmeta("_wp_attached_file", image.file),
          ...postmeta("_wp_attachment_metadata", attachmentMetadata(image.file, sizes[index] ?? 0)),
          ...postmeta("_wp_attachment_image_alt", image.alt),
        ],
      }),
    );
  });
  lines.push("\t\t\t\t</channel>", "</rss>", "");
  return lines.join("\n");
}

// ——— The old site's files ———

const CONTENT_TYPES: Record<string, string> = { ".jpg": "image/jpeg", ".png": "image/png" };

/** Serves `root` on 127.0.0.1 (GET and HEAD), counting the files it sends. */
async function staticServer(root: string) {
  let sent = 0;
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, path.normalize(pathname));
    const type = CONTENT_TYPES[path.extname(file)];
    if ((request.method !== "GET" && request.method !== "HEAD") || !type || !file.startsWith(`${root}/`)) {
      response.writeHead(404).end();
      return;
    }
    const bytes = await fs.readFile(file).catch(() => null);
    if (!bytes) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": type, "content-length": bytes.byteLength });
    if (request.method === "GET") sent++;
    response.end(request.method === "GET" ? bytes : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const stop = onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent: () => sent, stop };
}

/** The export and its images, written to a temporary folder and served from it. */
async function generatedSite(count: number) {
  const started = performance.now();
  const folder = await temporaryFolder("cms-bench-wordpress-");
  const files = await staticServer(folder.path);
  const posts = Array.from({ length: count }, (_, index) => generatedPost(index));
  const sizes: number[] = [];
  for (let start = 0; start < posts.length; start += GENERATE_AT_ONCE) {
    const group = posts.slice(start, start + GENERATE_AT_ONCE);
    const written = await Promise.all(
      group.map(async (post, offset) => {
        const image = sharp(Buffer.from(imageSvg(start + offset)));
        const bytes = await (post.image.png ? image.png() : image.jpeg({ quality: 82 })).toBuffer();
        const file = path.join(folder.path, "wp-content", "uploads", post.image.file);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, bytes);
        return bytes.byteLength;
      }),
    );
    sizes.push(...written);
  }
  const xml = wxrExport(files.base, posts, sizes);
  const imageBytes = sizes.reduce((sum, size) => sum + size, 0);
  console.error(
    `wordpress import: ${count} posts and ${count} images (${(imageBytes / 1024 ** 2).toFixed(1)} MB) generated in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s, served at ${files.base}`,
  );
  return {
    xml,
    imageBytes,
    filesSent: files.sent,
    async remove() {
      await files.stop();
      await folder.remove();
    },
  };
}

// ——— The import, through the REST API ———

const total = (counts: ImportCounts) => importKinds.reduce((sum, kind) => sum + counts[kind], 0);
const countsLine = (counts: ImportCounts) =>
  importKinds
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${kind}`)
    .join(", ") || "none";

function importApi(server: RunningServer, token: string) {
  async function call(method: string, url: string, expected: number, body?: FormData): Promise<WordPressImportView> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${server.base}${url}`, {
        method,
        headers: { accept: "application/json", authorization: `Token ${token}` },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      // fetch says only "fetch failed": its cause says why (the server gone, the connection reset).
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
      throw new Error(`${method} ${url}: ${String(error)}${cause}${server.output()}`);
    }
    if (response.status !== expected) {
      throw new Error(`${method} ${url} -> HTTP ${response.status}: ${text.slice(0, 1000)}${server.output()}`);
    }
    return JSON.parse(text) as WordPressImportView;
  }
  return {
    /** Uploads the export with "fetch the files from the old site": the preview. */
    preview(xml: string) {
      const form = new FormData();
      form.append("export", new Blob([xml], { type: "application/xml" }), "cooperativavaleverde.WordPress.xml");
      form.append("files", "site");
      return call("POST", "/api/wordpress-imports", 201, form);
    },
    /**
     * Starts the import and polls it until it is done, printing its progress every few seconds. Gives
     * the last view and the longest a poll waited for its answer (the server busy with the import).
     */
    async run(id: number, label: string): Promise<{ view: WordPressImportView; slowestPollSeconds: number }> {
      await call("POST", `/api/wordpress-imports/${id}/start`, 202);
      const started = performance.now();
      let printed = started;
      let slowestPollSeconds = 0;
      for (;;) {
        const asked = performance.now();
        const view = await call("GET", `/api/wordpress-imports/${id}`, 200);
        slowestPollSeconds = Math.max(slowestPollSeconds, (performance.now() - asked) / 1000);
        if (view.status === "done") return { view, slowestPollSeconds };
        const elapsed = performance.now() - started;
        if (view.status === "failed" || view.stalled || elapsed > RUN_TIMEOUT_MS) {
          const why =
            view.status === "failed"
              ? `failed: ${view.error}`
              : view.stalled
                ? "stalled (no batch written for two minutes)"
                : `not done after ${RUN_TIMEOUT_MS / 60_000} minutes`;
          throw new Error(
            `${label} ${why}, at ${view.progress.done}/${view.progress.total} ${view.progress.step}${server.output()}`,
          );
        }
        if (performance.now() - printed >= PROGRESS_EVERY_MS) {
          printed = performance.now();
          console.log(`${label}: ${view.progress.done}/${view.progress.total} ${view.progress.step}`);
        }
        await sleep(POLL_MS);
      }
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** What the first preview and run should have found and done: every post, every file, no file left behind. */
function importMisses(posts: number, preview: WordPressImportView, done: WordPressImportView): string[] {
  const misses: string[] = [];
  const { counts } = preview.report;
  if (counts.post !== posts || counts.attachment !== posts) {
    misses.push(`preview counted ${counts.post} posts and ${counts.attachment} files`);
  }
  if (preview.report.unfetched_files.length > 0) {
    misses.push(`preview: ${preview.report.unfetched_files.length} files unreadable`);
  }
  const created = done.report.result?.created;
  if (!created) misses.push("no result");
  else if (created.post !== posts || created.attachment !== posts) {
    misses.push(`created ${created.post} posts and ${created.attachment} files`);
  }
  if (done.report.unfetched_files.length > 0) {
    const [first] = done.report.unfetched_files;
    misses.push(`${done.report.unfetched_files.length} files unfetched (${first?.url}: ${first?.reason})`);
  }
  return misses;
}

/** A second import of the same file: nothing to create or update, no file fetched again. */
function againMisses(done: WordPressImportView, fetched: number): string[] {
  const result = done.report.result;
  if (!result) return ["no result"];
  const misses: string[] = [];
  if (total(result.created) > 0) misses.push(`created ${countsLine(result.created)}`);
  if (total(result.updated) > 0) misses.push(`updated ${countsLine(result.updated)}`);
  if (fetched > 0) misses.push(`${fetched} files fetched again`);
  return misses;
}

type ImportApi = ReturnType<typeof importApi>;

/** A preview and its run, each timed; the preview's counts printed. */
async function importOnce(api: ImportApi, xml: string, label: string) {
  const preview = await timed(() => api.preview(xml));
  const { report } = preview.value;
  console.log(
    `${label}: preview in ${preview.seconds.toFixed(1)} s: ${countsLine(report.counts)}; ` +
      `${report.unfetched_files.length} files unreadable`,
  );
  const run = await timed(() => api.run(preview.value.id, label));
  return {
    preview,
    run: { seconds: run.seconds, value: run.value.view, slowestPollSeconds: run.value.slowestPollSeconds },
  };
}

/**
 * Asks the server for an /api address it does not have, one request at a time a tenth of a second
 * apart, until stopped: a 404 that needs no database, so its longest wait is the event loop's.
 */
/**
 * The requests that need no database, sent from a thread of their own: timed on the bench's own event
 * loop, they waited for the bench itself (it encodes a 99 MB upload) and blamed the server for it.
 */
const POLLER = `
const { parentPort, workerData } = require("node:worker_threads");
let polling = true;
let slowestSeconds = 0;
let failed = 0;
parentPort.on("message", () => { polling = false; });
(async () => {
  while (polling) {
    const asked = performance.now();
    const response = await fetch(workerData.url).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status !== 404) failed++;
    slowestSeconds = Math.max(slowestSeconds, (performance.now() - asked) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  parentPort.postMessage({ slowestSeconds, failed });
})();
`;

function noDatabasePolls(base: string) {
  const poller = new Worker(POLLER, { eval: true, workerData: { url: `${base}/api/bench-no-such-route` } });
  const result = new Promise<{ slowestSeconds: number; failed: number }>((resolve, reject) => {
    poller.once("message", resolve);
    poller.once("error", reject);
  });
  return {
    async stop() {
      poller.postMessage("stop");
      const figures = await result;
      await poller.terminate();
      return figures;
    },
  };
}

/**
 * Runs `work` while the server's RSS is sampled and a request that needs no database is timed; both
 * stop on a failure too.
 */
export async function watched<T>(server: RunningServer, work: () => Promise<T>) {
  const peak = await sampleRssPeak(server.processes);
  const polls = noDatabasePolls(server.base);
  const value = await work().catch(async (error: unknown) => {
    await Promise.all([peak.stop(), polls.stop()]);
    throw error;
  });
  return { value, peakMb: (await peak.stop()).peakMb, noDatabase: await polls.stop() };
}

async function importTwice(
  server: RunningServer,
  token: string,
  posts: number,
  site: Awaited<ReturnType<typeof generatedSite>>,
): Promise<WordpressImportFigures> {
  const api = importApi(server, token);
  const rssBeforeMb = await totalRssMb(server.processes);
  const first = await watched(server, () => importOnce(api, site.xml, "wordpress import"));
  const { noDatabase } = first;
  const { preview, run } = first.value;
  const rssAfterMb = await totalRssMb(server.processes);
  const fetched = site.filesSent();
  const items = run.value.progress.total;
  const created = run.value.report.result?.created;
  console.log(
    `wordpress import: ${items} items in ${run.seconds.toFixed(1)} s (${(items / run.seconds).toFixed(1)} items/s), ` +
      `created ${created ? countsLine(created) : "(no result)"}; ${fetched} files fetched, ` +
      `${run.value.report.unfetched_files.length} unfetched; RSS ${rssBeforeMb.toFixed(0)} MB before, ` +
      `${first.peakMb.toFixed(0)} MB at peak, ${rssAfterMb.toFixed(0)} MB after; ` +
      `the slowest progress poll waited ${run.slowestPollSeconds.toFixed(1)} s, the slowest request without ` +
      `database ${noDatabase.slowestSeconds.toFixed(1)} s (${noDatabase.failed} failed)`,
  );

  const again = await importOnce(api, site.xml, "wordpress import again");
  const refetched = site.filesSent() - fetched;
  const result = again.run.value.report.result;
  console.log(
    `wordpress import again: run in ${again.run.seconds.toFixed(1)} s: ` +
      (result
        ? `created ${countsLine(result.created)}, updated ${countsLine(result.updated)}, unchanged ${countsLine(result.unchanged)}`
        : "no result") +
      `; ${refetched} files fetched`,
  );

  return {
    posts,
    exportBytes: Buffer.byteLength(site.xml),
    imageBytes: site.imageBytes,
    previewSeconds: preview.seconds,
    importSeconds: run.seconds,
    items,
    slowestPollSeconds: run.slowestPollSeconds,
    slowestNoDatabaseSeconds: noDatabase.slowestSeconds,
    noDatabaseFailures: noDatabase.failed,
    againPreviewSeconds: again.preview.seconds,
    againSeconds: again.run.seconds,
    rssBeforeMb,
    rssPeakMb: first.peakMb,
    rssAfterMb,
    importMisses: importMisses(posts, preview.value, run.value),
    againMisses: againMisses(again.run.value, refetched),
  };
}

/**
 * The whole part: the generated site, then a fresh data folder served as `npm start` serves it (with
 * the old site's address allowed), seeded with the comparison site and its super user, importing.
 * A failure is the outcome, not an exception: the rest of the bench still reports.
 */
export async function benchWordpressImport(posts: number): Promise<WordpressImportOutcome> {
  const site = await generatedSite(posts);
  const data = await temporaryFolder("cms-bench-wordpress-data-");
  try {
    const server = await startAppServer({
      dataDir: data.path,
      pageCache: true,
      env: { WORDPRESS_FILES_PRIVATE_HOSTS: "127.0.0.1" },
    });
    try {
      const { token } = await seed(server.base);
      return { ok: true, ...(await importTwice(server, token, posts, site)) };
    } finally {
      await server.stop();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`bench: the WordPress import failed: ${message}`);
    return { ok: false, posts, error: message };
  } finally {
    await site.remove();
    await data.remove();
  }
}
