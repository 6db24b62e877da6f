/**
 * `npm run import:wordpress -- FILE [--products CSV] [--customers CSV] [--files DIR|ZIP|URL] [--as EMAIL] [--name NAME] [--title TITLE] [--preview]`:
 * moves a WordPress site in from the command line, for sites too large for the web upload. FILE is the
 * export (Ferramentas → Exportar) or WooCommerce's product CSV. The attachments' files come from the
 * old site at their addresses unless --files names a folder (wp-content/uploads or the WordPress
 * root), a zip of it, or another address holding it; `--files none` leaves them out. The database is
 * DATABASE_URL's (the site may keep running) or the embedded one of DATA_DIR (stop the server first).
 * Prints the preview, then imports with its progress, as the administrator --as (else the first super user).
 * On a site nobody has set up yet (a new DATA_DIR) it makes the first-time setup the server's page
 * would: the site titled as the old one (or --title), with --as as its super user (named --name), who
 * has no password until she chooses one with "Esqueci minha senha".
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { asc, eq } from "drizzle-orm";
import { importSetupSchema } from "../common/schemas/setup.ts";
import type { ImportFile } from "../common/schemas/wordpress-import.ts";
import { sitePaths } from "../common/site-paths.ts";
import { importKindLabels, importKinds, type WordPressFilesSource } from "../common/views/wordpress-import.ts";
import { createFileStorage } from "../server/adapters/storage/from-config.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { type Database, openPostgres } from "../server/db/client.ts";
import { DataDirLockError, lockDataDir } from "../server/db/data-dir-lock.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import { openPostgresChangeFeed } from "../server/db/postgres-change-feed.ts";
import { setUpImportedSite } from "../server/flows/site-setup.ts";
import { previewWordPressImport, runWordPressImport } from "../server/flows/wordpress-import.ts";
import type { Actor } from "../server/kernel/access.ts";
import { createLogger } from "../server/logger.ts";
import { users } from "../server/modules/users/tables.ts";
import { createServices } from "../server/services.ts";

const USAGE =
  "Uso: npm run import:wordpress -- EXPORTACAO.xml [--products produtos.csv] [--customers clientes.csv] [--files PASTA|ARQUIVO.zip|URL|none] [--as EMAIL] [--name NOME] [--title TÍTULO] [--preview]";
const NOT_SET_UP = [
  "O site ainda não foi configurado. Para importar nele agora, diga quem vai administrá-lo:",
  '  npm run import:wordpress -- EXPORTACAO.xml --as seu@email.org --name "Seu nome"',
  'O site é criado com o título do WordPress (ou --title) e você como usuário Super, ainda sem senha: depois, em "Esqueci minha senha", você cria a sua.',
  "Ou inicie o servidor (npm start), faça a configuração inicial no navegador, pare-o e rode este comando de novo.",
].join("\n");
/** The command line reads files from the server's own disk: larger than the web upload allows. */
const CLI_MAX_EXPORT_BYTES = 2 * 1024 ** 3;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    products: { type: "string" },
    customers: { type: "string" },
    files: { type: "string" },
    as: { type: "string" },
    name: { type: "string" },
    title: { type: "string" },
    preview: { type: "boolean", default: false },
  },
});

function readFile(role: ImportFile["role"], file: string): ImportFile {
  try {
    return { role, name: path.basename(file), bytes: new Uint8Array(readFileSync(path.resolve(file))) };
  } catch (error) {
    fail(`Não foi possível ler ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The old site's name, as the export's channel states it at its start (WordPress writes it escaped). */
function exportTitle(file: ImportFile | undefined): string {
  if (!file) return "";
  const head = new TextDecoder().decode(file.bytes.subarray(0, 64 * 1024));
  const title = /<channel>\s*<title>([^<]*)<\/title>/.exec(head)?.[1] ?? "";
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return title
    .replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (whole, decimal, hex, name) => {
      const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : null;
      if (code === null) return named[String(name).toLowerCase()] ?? whole;
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .trim();
}

function filesSourceOf(files: string | undefined): WordPressFilesSource {
  if (files === undefined) return { kind: "site" };
  if (files === "none") return { kind: "none" };
  if (/^https?:\/\//i.test(files)) return { kind: "url", url: files };
  const resolved = path.resolve(files);
  let isFolder: boolean;
  try {
    isFolder = statSync(resolved).isDirectory();
  } catch {
    fail(`--files: ${files} não existe.`);
  }
  return isFolder ? { kind: "folder", path: resolved } : { kind: "zip", path: resolved };
}

const [main] = positionals;
if (!main && !values.products && !values.customers) fail(USAGE);
const files: ImportFile[] = [];
if (main) files.push(readFile(main.toLowerCase().endsWith(".csv") ? "products" : "export", main));
if (values.products) files.push(readFile("products", values.products));
if (values.customers) files.push(readFile("customers", values.customers));
const filesSource = filesSourceOf(values.files);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

let release = () => {};
let database: Database | undefined;
const logger = createLogger({ ...config, LOG_LEVEL: "warn" });
const changeFeed = config.DATABASE_URL ? await openPostgresChangeFeed(config.DATABASE_URL, logger) : undefined;
try {
  if (!config.DATABASE_URL) {
    try {
      release = lockDataDir(config.DATA_DIR);
    } catch (error) {
      if (error instanceof DataDirLockError && error.inUse) {
        fail(
          `A pasta de dados ${config.DATA_DIR} está em uso por outro processo (o servidor está rodando?).\nPare o servidor antes de importar no banco embutido, ou importe no PostgreSQL do site (DATABASE_URL), que pode continuar no ar.`,
        );
      }
      if (error instanceof DataDirLockError)
        fail(`Não foi possível abrir a pasta de dados ${config.DATA_DIR}: ${error.message}`);
      throw error;
    }
  }
  database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, { maxConnections: 2 })
    : await openPgliteFolder(path.join(config.DATA_DIR, "db"));
  await database.migrate();
  const services = createServices({ config, database, storage: createFileStorage(config), logger, changeFeed });

  if (!(await services.settings.get())) {
    if (!values.as) fail(NOT_SET_UP);
    const parsed = importSetupSchema.safeParse({
      title: values.title ?? exportTitle(files.find((file) => file.role === "export")),
      admin_name: values.name ?? values.as.split("@")[0],
      email: values.as,
    });
    if (!parsed.success) {
      const labels: Record<string, string> = { title: "--title", admin_name: "--name", email: "--as" };
      fail(parsed.error.issues.map((issue) => `${labels[String(issue.path[0])] ?? ""}: ${issue.message}`).join("\n"));
    }
    const owner = await setUpImportedSite(services, parsed.data);
    const forgot = config.BASE_URL ? new URL(sitePaths.forgotPassword, config.BASE_URL).href : sitePaths.forgotPassword;
    process.stdout.write(
      `Site configurado: "${parsed.data.title}", com ${owner.email} como usuário Super, ainda sem senha.\nPara entrar, abra ${forgot} e peça o link para criar a sua senha (o servidor o envia por e-mail: veja BASE_URL e SMTP no README).\n`,
    );
  }

  const [admin] = await database.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(values.as ? eq(users.email, values.as.toLowerCase()) : eq(users.role, "super"))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin || admin.role === "user") {
    fail(
      values.as
        ? `${values.as} não é um administrador deste site.`
        : "O site ainda não tem um usuário Super: faça a configuração inicial.",
    );
  }
  const actor: Actor = admin;

  const preview = await previewWordPressImport(services, actor, files, filesSource, CLI_MAX_EXPORT_BYTES);
  const { report } = preview;
  const lines = [`Prévia da importação ${preview.id}${report.site.title ? ` de "${report.site.title}"` : ""}:`];
  for (const kind of importKinds)
    if (report.counts[kind] > 0) lines.push(`  ${importKindLabels[kind]}: ${report.counts[kind]}`);
  if (report.skipped.length > 0) lines.push(`  Não importados: ${report.skipped.length}`);
  for (const skipped of report.skipped.slice(0, 20))
    lines.push(`    - ${skipped.title || skipped.wp_id}: ${skipped.reason}`);
  for (const renamed of report.renamed)
    lines.push(`  Endereço trocado: ${renamed.from} → ${renamed.to || "(vazio)"} (${renamed.title})`);
  for (const value of report.left_out)
    lines.push(`  Deixado em branco: ${value.field} "${value.value}" de ${value.title} (${value.reason})`);
  for (const code of report.unknown_shortcodes)
    lines.push(`  Shortcode desconhecido [${code.name}] em ${code.count} item(ns)`);
  for (const file of report.unfetched_files.slice(0, 20)) lines.push(`  Arquivo não lido: ${file.url}: ${file.reason}`);
  process.stdout.write(`${lines.join("\n")}\n`);
  if (values.preview) process.exit(0);

  const run = runWordPressImport(services, actor, preview.id);
  const ticker = setInterval(async () => {
    const current = await services.wordpress.get(actor, preview.id).catch(() => null);
    if (current?.status === "running") {
      process.stdout.write(`  ${current.progress.step}: ${current.progress.done} de ${current.progress.total}\n`);
    }
  }, 2000);
  const done = await run.finally(() => clearInterval(ticker));
  if (done.status !== "done") fail(`Importação interrompida: ${done.error ?? "erro desconhecido"}`);
  const result = done.report.result;
  const summary = importKinds.flatMap((kind) => {
    const counts = [result?.created[kind] ?? 0, result?.updated[kind] ?? 0, result?.unchanged[kind] ?? 0];
    return counts.some((count) => count > 0)
      ? [`  ${importKindLabels[kind]}: ${counts[0]} novos, ${counts[1]} atualizados, ${counts[2]} sem mudança`]
      : [];
  });
  const unread = done.report.unfetched_files.length;
  process.stdout.write(
    `Importação concluída:\n${summary.join("\n")}\n${unread > 0 ? `  Arquivos não lidos: ${unread}\n` : ""}`,
  );
} catch (error) {
  fail(`Não importado: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await changeFeed?.close();
  await database?.close().catch(() => {});
  release();
}
