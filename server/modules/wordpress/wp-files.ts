import { lookup as dnsLookup } from "node:dns/promises";
import { constants, type Stats } from "node:fs";
import { open, realpath, stat } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import yauzl from "yauzl";
import { DomainError, invalid } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import type { WordPressFilesSource } from "../../../common/views/wordpress-import.ts";
import { withoutTrailingSlashes } from "./old-addresses.ts";
import { isPublicAddress } from "./public-address.ts";

/**
 * Where the WordPress import reads its attachments' files from, by their `wp:attachment_url`
 * (https://old.example.org/wp-content/uploads/2023/05/foto.jpg):
 *
 * - `site`: the old site itself, at that address, while it is still up;
 * - `url`: another address holding the same uploads tree (`…/wp-content/uploads` or, failing that, a
 *   site root), the part of the attachment's address after `/wp-content/uploads/` appended to it;
 * - `folder`: a folder on this machine, the uploads folder itself or a WordPress root holding
 *   `wp-content/uploads` (the command line's `--files DIR`);
 * - `zip`: a zip of the uploads folder, its entries under `uploads/`, `wp-content/uploads/` or nothing.
 *
 * Addresses are fetched over http or https only, from public addresses only (checked after DNS, then
 * connected to as checked, and again on each of at most 3 redirects), each file within a time limit.
 * A folder's files are read only inside it (after symlinks are resolved); a zip's entries named with
 * `..` or an absolute path are never read. Every source stops reading a file past `maxBytes`.
 *
 * A file that cannot be had is an answer, not an error: `{ ok: false, reason }`, a pt-BR sentence for
 * the import's report. Opening a source throws a DomainError when it cannot be used at all (a folder
 * that is not there, a zip that is not a zip).
 */

export type FileSourceSpec = WordPressFilesSource;

export type FetchedFile = { ok: true; bytes: Uint8Array<ArrayBuffer>; name: string } | { ok: false; reason: string };
export type FileCheck = { ok: true } | { ok: false; reason: string };

/** What the import's run reads the attachments through. */
export type FileSource = { get(attachmentUrl: string): Promise<FetchedFile> };

export type OpenedFileSource = FileSource & {
  /** Whether `get` would find the file (for the preview), without reading it where the source allows. */
  exists(attachmentUrl: string): Promise<FileCheck>;
  /** Lets go of the zip's file descriptor and the kept-alive connections. */
  close(): Promise<void>;
};

export type ResolvedAddress = { address: string; family: number };

export type FileSourceOptions = {
  /** No file larger than this is read. */
  maxBytes: number;
  /** Per file, redirects and DNS included, for `site` and `url`. 15 s unless given. */
  timeoutMs?: number;
  /** Host names and addresses (lowercase) that may be on a private network: WORDPRESS_FILES_PRIVATE_HOSTS. */
  privateHosts?: ReadonlySet<string>;
  /** Whether an address may be connected to; public addresses only unless given (tests). */
  addressAllowed?: (address: string) => boolean;
  /** Every address of a host name; node:dns's lookup unless given (tests). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;
const MAX_ZIP_ENTRIES = 200_000;
const UPLOADS = "wp-content/uploads/";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MISSING_STATUSES = new Set([404, 410]);

const NOT_IMPORTED = "Arquivos não importados, como escolhido.";
const NOT_IN_UPLOADS =
  "O endereço do arquivo não está em wp-content/uploads, então ele não é procurado nos arquivos enviados.";
const OUTSIDE = "Caminho fora da pasta indicada.";
const BAD_ADDRESS = "O endereço do arquivo é inválido.";
const NOT_FOUND_IN_FOLDER = "Arquivo não encontrado na pasta indicada.";
const NOT_A_FILE = "O caminho na pasta indicada não é um arquivo.";
const NOT_FOUND_IN_ZIP = "Arquivo não encontrado no .zip.";
const ENCRYPTED_IN_ZIP = "O arquivo está protegido por senha no .zip.";
const UNSUPPORTED_IN_ZIP =
  "O arquivo está compactado no .zip de um jeito que não sabemos ler (use a compactação padrão).";
const CORRUPT_IN_ZIP =
  "O arquivo no .zip está corrompido ou declara um tamanho diferente do que contém; por segurança ele não é lido.";
const TOO_MANY_REDIRECTS = `O endereço redirecionou mais de ${MAX_REDIRECTS} vezes; o arquivo não foi buscado.`;

const tooLargeReason = (maxBytes: number) => `Arquivo maior que ${formatFileSize(maxBytes)}: não importado.`;

/** The file's name: the last part of its address, decoded. */
function nameOf(attachmentUrl: string): string {
  const last = attachmentUrl.split(/[?#]/)[0]?.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last) || "arquivo";
  } catch {
    return last || "arquivo";
  }
}

type UploadsPath = { ok: true; segments: string[] } | { ok: false; reason: string };

/**
 * The decoded parts of an attachment's address after `/wp-content/uploads/` ("2023", "05", "foto.jpg").
 * Read from the address as written, not as a URL parser would tidy it: a `..` (or `%2e%2e`) is refused,
 * not resolved, and so is a part that decodes to a slash or a NUL.
 */
function uploadsPathOf(attachmentUrl: string): UploadsPath {
  const address = attachmentUrl.split(/[?#]/)[0] ?? "";
  const at = address.indexOf(`/${UPLOADS}`);
  if (at < 0) return { ok: false, reason: NOT_IN_UPLOADS };
  const segments: string[] = [];
  for (const raw of address.slice(at + UPLOADS.length + 1).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: BAD_ADDRESS };
    }
    if (segment === "..") return { ok: false, reason: OUTSIDE };
    if (/[/\\\0]/.test(segment)) return { ok: false, reason: BAD_ADDRESS };
    if (segment !== "" && segment !== ".") segments.push(segment);
  }
  return segments.length > 0 ? { ok: true, segments } : { ok: false, reason: NOT_IN_UPLOADS };
}

/** A stream's bytes, or null as soon as there are more than `maxBytes` (the stream is then destroyed). */
async function readAtMost(stream: Readable, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.byteLength;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function openFileSource(spec: FileSourceSpec, options: FileSourceOptions): Promise<OpenedFileSource> {
  switch (spec.kind) {
    case "none":
      return {
        get: async () => ({ ok: false, reason: NOT_IMPORTED }),
        exists: async () => ({ ok: false, reason: NOT_IMPORTED }),
        close: async () => undefined,
      };
    case "site":
      return openRemote(null, options);
    case "url":
      return openRemote(spec.url, options);
    case "folder":
      return openFolder(spec.path, options.maxBytes);
    case "zip":
      return openZip(spec.path, options.maxBytes);
  }
}

// ——— Addresses: the old site or another one ———

type Attempt = { ok: false; reason: string; missing?: boolean };
type Reached = { ok: true; response: http.IncomingMessage };

const httpReason = (status: number, who: string) => {
  const meaning =
    status === 404 || status === 410
      ? " (arquivo não encontrado)"
      : status === 401 || status === 403
        ? " (acesso negado)"
        : status >= 500
          ? " (erro no servidor)"
          : "";
  return `${who} respondeu ${status}${meaning}.`;
};

const CONNECTION_PROBLEMS: Record<string, string> = {
  ENOTFOUND: "o nome do site não foi encontrado (DNS)",
  EAI_AGAIN: "o nome do site não pôde ser consultado (DNS)",
  ECONNREFUSED: "a conexão foi recusada",
  ECONNRESET: "a conexão caiu",
  EHOSTUNREACH: "o servidor está inalcançável",
  ENETUNREACH: "a rede do servidor está inalcançável",
};

function connectionReason(error: unknown, host: string): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code.includes("CERT") || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL")) {
    return `O certificado HTTPS de ${host} não é válido (${code}); o arquivo não foi buscado.`;
  }
  const problem =
    CONNECTION_PROBLEMS[code] ?? `erro ${code || (error instanceof Error ? error.message : String(error))}`;
  return `Não foi possível buscar o arquivo em ${host}: ${problem}.`;
}

/** A promise that also rejects when the signal aborts (node:dns's lookup takes no signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Answers the socket's own DNS lookup with the addresses already checked, so no second lookup can differ. */
const checkedLookup =
  (addresses: readonly ResolvedAddress[]): LookupFunction =>
  (_hostname, lookupOptions, callback) => {
    const [first] = addresses;
    if (lookupOptions.all) callback(null, [...addresses]);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error("no checked address"), "", 0);
  };

async function openRemote(baseUrl: string | null, options: FileSourceOptions): Promise<OpenedFileSource> {
  const { maxBytes } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const privateHosts = options.privateHosts ?? new Set<string>();
  const addressAllowed = options.addressAllowed ?? isPublicAddress;
  const lookup = options.lookup ?? ((hostname: string) => dnsLookup(hostname, { all: true, verbatim: true }));
  const seconds = (timeoutMs / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 });
  const who = baseUrl === null ? "O site antigo" : "O endereço dos arquivos";

  /** The addresses files are looked for under, each ending in a slash; for `site`, none (the attachment's own). */
  let bases: string[] = [];
  if (baseUrl !== null) {
    let base: URL;
    try {
      base = new URL(baseUrl.trim());
    } catch {
      throw invalid(
        "O endereço dos arquivos é inválido: informe um endereço como https://exemplo.org/wp-content/uploads.",
      );
    }
    if (base.protocol !== "http:" && base.protocol !== "https:") {
      throw invalid("O endereço dos arquivos deve começar com http:// ou https://.");
    }
    const root = `${base.origin}${withoutTrailingSlashes(base.pathname)}/`;
    bases = root.endsWith(`/${UPLOADS}`) ? [root] : [root, `${root}${UPLOADS}`];
  }
  /** The base that last found a file is tried first. */
  let preferred = 0;

  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 8 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 8 }),
  };

  /** The host's addresses, if every one of them may be connected to. */
  async function checkedAddresses(
    url: URL,
    signal: AbortSignal,
  ): Promise<{ ok: true; addresses: ResolvedAddress[] } | Attempt> {
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const family = isIP(host);
    let addresses: ResolvedAddress[];
    try {
      addresses = family ? [{ address: host, family }] : await untilAborted(lookup(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      return { ok: false, reason: connectionReason(error, host) };
    }
    if (addresses.length === 0) return { ok: false, reason: connectionReason({ code: "ENOTFOUND" }, host) };
    if (privateHosts.has(host)) return { ok: true, addresses };
    const refused = addresses.find(({ address }) => !privateHosts.has(address) && !addressAllowed(address));
    if (refused) {
      const shown = refused.address === host ? host : `${host} → ${refused.address}`;
      return {
        ok: false,
        reason: `Endereço em rede privada recusado (${shown}): só são buscados arquivos em endereços públicos da internet (um servidor da rede interna pode ser liberado em WORDPRESS_FILES_PRIVATE_HOSTS).`,
      };
    }
    return { ok: true, addresses };
  }

  function send(
    url: URL,
    method: "GET" | "HEAD",
    headers: Record<string, string>,
    addresses: ResolvedAddress[],
    signal: AbortSignal,
  ) {
    return new Promise<http.IncomingMessage>((resolve, reject) => {
      const protocol = url.protocol === "https:" ? "https:" : "http:";
      const client = protocol === "https:" ? https : http;
      const request = client.request(url, {
        method,
        headers: {
          "user-agent": "Importador WordPress (cms)",
          accept: "*/*",
          "accept-encoding": "identity",
          ...headers,
        },
        agent: agents[protocol],
        lookup: checkedLookup(addresses),
        signal,
      });
      request.on("response", resolve);
      request.on("error", reject);
      request.end();
    });
  }

  /** The response at the end of at most MAX_REDIRECTS redirects, each hop's address checked again. */
  async function reach(
    address: string,
    method: "GET" | "HEAD",
    headers: Record<string, string>,
    signal: AbortSignal,
  ): Promise<Reached | Attempt> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return { ok: false, reason: BAD_ADDRESS };
    }
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        const where = redirects === 0 ? "O endereço do arquivo" : "O redirecionamento";
        return {
          ok: false,
          reason: `${where} usa ${url.protocol.replace(/:$/, "")}://; só são buscados arquivos em endereços http:// ou https://.`,
        };
      }
      const checked = await checkedAddresses(url, signal);
      if (!checked.ok) return checked;
      let response: http.IncomingMessage;
      try {
        response = await send(url, method, headers, checked.addresses, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        return { ok: false, reason: connectionReason(error, url.host) };
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(status) || location === undefined) return { ok: true, response };
      response.destroy();
      if (redirects === MAX_REDIRECTS) return { ok: false, reason: TOO_MANY_REDIRECTS };
      try {
        url = new URL(location, url);
      } catch {
        return { ok: false, reason: `${who} redirecionou para um endereço inválido.` };
      }
    }
  }

  /** Runs one file's requests under its time limit. */
  async function withDeadline<T extends { ok: boolean }>(
    work: (signal: AbortSignal) => Promise<T | Attempt>,
  ): Promise<T | Attempt> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await work(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) {
        return { ok: false, reason: `${who} não enviou o arquivo em ${seconds} s.` };
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async function download(address: string): Promise<{ ok: true; bytes: Uint8Array<ArrayBuffer> } | Attempt> {
    return withDeadline(async (signal) => {
      const reached = await reach(address, "GET", {}, signal);
      if (!reached.ok) return reached;
      const { response } = reached;
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.destroy();
        return { ok: false, reason: httpReason(status, who), missing: MISSING_STATUSES.has(status) };
      }
      if (Number(response.headers["content-length"]) > maxBytes) {
        response.destroy();
        return { ok: false, reason: tooLargeReason(maxBytes) };
      }
      const bytes = await readAtMost(response, maxBytes);
      return bytes ? { ok: true, bytes } : { ok: false, reason: tooLargeReason(maxBytes) };
    });
  }

  /** HEAD, or the first byte by a ranged GET where HEAD is not answered plainly. */
  async function probe(address: string): Promise<FileCheck | Attempt> {
    return withDeadline(async (signal) => {
      const head = await reach(address, "HEAD", {}, signal);
      if (!head.ok) return head;
      head.response.resume(); // no body: the connection goes back to the pool
      const headStatus = head.response.statusCode ?? 0;
      if (MISSING_STATUSES.has(headStatus)) return { ok: false, reason: httpReason(headStatus, who), missing: true };
      let size = Number(head.response.headers["content-length"]);
      if (headStatus !== 200) {
        const ranged = await reach(address, "GET", { range: "bytes=0-0" }, signal);
        if (!ranged.ok) return ranged;
        ranged.response.destroy();
        const status = ranged.response.statusCode ?? 0;
        if (status !== 200 && status !== 206) {
          return { ok: false, reason: httpReason(status, who), missing: MISSING_STATUSES.has(status) };
        }
        const total = /\/(\d+)$/.exec(ranged.response.headers["content-range"] ?? "")?.[1];
        size = status === 206 ? Number(total) : Number(ranged.response.headers["content-length"]);
      }
      return size > maxBytes ? { ok: false, reason: tooLargeReason(maxBytes) } : { ok: true };
    });
  }

  /** The addresses to try for an attachment, by the index of their base, the base that last worked first. */
  function candidates(attachmentUrl: string): { ok: true; addresses: [number, string][] } | Attempt {
    if (bases.length === 0) return { ok: true, addresses: [[0, attachmentUrl]] };
    const relative = uploadsPathOf(attachmentUrl);
    if (!relative.ok) return relative;
    const tail = relative.segments.map(encodeURIComponent).join("/");
    const order = [preferred, ...bases.keys()].filter((index, at, all) => all.indexOf(index) === at);
    return { ok: true, addresses: order.map((index) => [index, `${bases[index]}${tail}`]) };
  }

  /** Tries each candidate in turn while they answer "not found". */
  async function firstFound<T extends { ok: true }>(
    attachmentUrl: string,
    attempt: (address: string) => Promise<T | Attempt>,
  ): Promise<T | Attempt> {
    const tried = candidates(attachmentUrl);
    if (!tried.ok) return tried;
    let outcome: T | Attempt = { ok: false, reason: NOT_IN_UPLOADS };
    for (const [index, address] of tried.addresses) {
      outcome = await attempt(address);
      if (outcome.ok) preferred = index;
      if (outcome.ok || !outcome.missing) return outcome;
    }
    return outcome;
  }

  return {
    async get(attachmentUrl) {
      const outcome = await firstFound(attachmentUrl, download);
      return outcome.ok
        ? { ok: true, bytes: outcome.bytes, name: nameOf(attachmentUrl) }
        : { ok: false, reason: outcome.reason };
    },
    async exists(attachmentUrl) {
      const outcome = await firstFound(attachmentUrl, probe);
      return outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason };
    },
    async close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
  };
}

// ——— A folder on this machine ———

const isDirectory = (folder: string) =>
  stat(folder).then(
    (stats) => stats.isDirectory(),
    () => false,
  );

/** Whether `inner` is `outer` or below it (both already real paths). */
function isInside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

const unreadableInFolder = (error: unknown) =>
  `O arquivo não pôde ser lido na pasta indicada (${error instanceof Error ? error.message : String(error)}).`;

async function openFolder(folder: string, maxBytes: number): Promise<OpenedFileSource> {
  if (!(await isDirectory(folder))) throw invalid(`A pasta indicada não existe ou não é uma pasta: ${folder}.`);
  const nested = path.join(folder, "wp-content", "uploads");
  const root = await realpath((await isDirectory(nested)) ? nested : folder);

  /** The file's real path inside the folder, or why there is none. */
  async function locate(attachmentUrl: string): Promise<{ ok: true; file: string } | { ok: false; reason: string }> {
    const relative = uploadsPathOf(attachmentUrl);
    if (!relative.ok) return relative;
    let file: string;
    try {
      file = await realpath(path.join(root, ...relative.segments));
    } catch {
      return { ok: false, reason: NOT_FOUND_IN_FOLDER };
    }
    return isInside(root, file) ? { ok: true, file } : { ok: false, reason: OUTSIDE };
  }

  return {
    async get(attachmentUrl) {
      const located = await locate(attachmentUrl);
      if (!located.ok) return located;
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        // The real path has no symlink left; O_NOFOLLOW refuses one put in its place since.
        handle = await open(located.file, constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch {
        return { ok: false, reason: NOT_FOUND_IN_FOLDER };
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return { ok: false, reason: NOT_A_FILE };
        if (stats.size > maxBytes) return { ok: false, reason: tooLargeReason(maxBytes) };
        const bytes = await readAtMost(handle.createReadStream({ autoClose: false }), maxBytes);
        return bytes
          ? { ok: true, bytes, name: nameOf(attachmentUrl) }
          : { ok: false, reason: tooLargeReason(maxBytes) };
      } catch (error) {
        return { ok: false, reason: unreadableInFolder(error) };
      } finally {
        await handle.close();
      }
    },
    async exists(attachmentUrl) {
      const located = await locate(attachmentUrl);
      if (!located.ok) return located;
      let stats: Stats;
      try {
        stats = await stat(located.file);
      } catch (error) {
        return { ok: false, reason: unreadableInFolder(error) };
      }
      if (!stats.isFile()) return { ok: false, reason: NOT_A_FILE };
      return stats.size > maxBytes ? { ok: false, reason: tooLargeReason(maxBytes) } : { ok: true };
    },
    close: async () => undefined,
  };
}

// ——— A zip of the uploads folder ———

const zipUnreadable = (detail: string) => invalid(`O arquivo .zip enviado não pôde ser lido: ${detail}`);

function zipProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === "ENOENT") return "ele não existe.";
  if (/end of central directory record signature not found/i.test(message)) {
    return "ele não é um .zip ou está incompleto (baixe-o de novo).";
  }
  return `ele está corrompido (${message}).`;
}

/**
 * An entry's name as the attachment's path under wp-content/uploads: what follows `wp-content/uploads/`
 * wherever it is (public_html/wp-content/uploads/2023/…), else what follows a leading `uploads/`, else
 * the name itself; "." and empty parts left out, Unicode in its composed form (zips made on a Mac
 * decompose accents).
 */
function uploadsKeyOf(name: string): string {
  const at = `/${name}`.indexOf(`/${UPLOADS}`);
  const relative = at >= 0 ? name.slice(at + UPLOADS.length) : name.replace(/^uploads\//, "");
  return relative
    .split("/")
    .filter((part) => part !== "" && part !== ".")
    .join("/")
    .normalize("NFC");
}

async function openZip(file: string, maxBytes: number): Promise<OpenedFileSource> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded here, so that one badly named entry is left out instead of failing the whole zip.
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, decodeStrings: false });
  } catch (error) {
    throw zipUnreadable(zipProblem(error));
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      throw zipUnreadable(
        `ele tem ${zip.entryCount.toLocaleString("pt-BR")} arquivos, mais que os ${MAX_ZIP_ENTRIES.toLocaleString("pt-BR")} aceitos.`,
      );
    }
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      // Absolute names, drive letters and ".." parts (yauzl's own rule) are never read.
      if (yauzl.validateFileName(name) !== null || name.endsWith("/")) continue;
      const key = uploadsKeyOf(name);
      if (key !== "" && !entries.has(key)) entries.set(key, entry);
    }
  } catch (error) {
    zip.close();
    throw error instanceof DomainError ? error : zipUnreadable(zipProblem(error));
  }

  function find(attachmentUrl: string): { ok: true; entry: yauzl.Entry } | { ok: false; reason: string } {
    const relative = uploadsPathOf(attachmentUrl);
    if (!relative.ok) return relative;
    const entry = entries.get(relative.segments.join("/").normalize("NFC"));
    if (!entry) return { ok: false, reason: NOT_FOUND_IN_ZIP };
    if (entry.isEncrypted()) return { ok: false, reason: ENCRYPTED_IN_ZIP };
    if (!entry.canDecodeFileData()) return { ok: false, reason: UNSUPPORTED_IN_ZIP };
    if (entry.uncompressedSize > maxBytes) return { ok: false, reason: tooLargeReason(maxBytes) };
    return { ok: true, entry };
  }

  return {
    async get(attachmentUrl) {
      const found = find(attachmentUrl);
      if (!found.ok) return found;
      let bytes: Uint8Array<ArrayBuffer> | null;
      try {
        // Counted as it inflates: an entry that holds more than it declares is stopped, by yauzl past its
        // declared size and by readAtMost past maxBytes.
        bytes = await readAtMost(await zip.openReadStreamPromise(found.entry), maxBytes);
      } catch {
        return { ok: false, reason: CORRUPT_IN_ZIP };
      }
      return bytes ? { ok: true, bytes, name: nameOf(attachmentUrl) } : { ok: false, reason: tooLargeReason(maxBytes) };
    },
    async exists(attachmentUrl) {
      const found = find(attachmentUrl);
      return found.ok ? { ok: true } : found;
    },
    async close() {
      zip.close();
    },
  };
}
