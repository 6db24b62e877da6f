import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.ts";
import { type FileSourceOptions, type OpenedFileSource, openFileSource, type ResolvedAddress } from "./wp-files.ts";

// No traffic leaves this machine: the "old site" is a server on 127.0.0.1, reached under made-up names
// (old-site.test…) through an injected lookup, and 127.0.0.1 is let through only where a test says so.
// Every private address below is refused before any connection is tried.

const PHOTO = Buffer.from("fake jpeg bytes: açaí");
const PHOTO_PATH = "/wp-content/uploads/2023/05/foto.jpg";
const ATTACHMENT = `https://old.example.org${PHOTO_PATH}`;
const MB = 1024 * 1024;

const HOSTS: Record<string, string[]> = {
  "old-site.test": ["127.0.0.1"],
  "files.test": ["127.0.0.1"],
  "wp.local": ["127.0.0.1"],
  "intranet.test": ["10.0.0.5"],
  "half-private.test": ["127.0.0.1", "192.168.1.1"],
};

const fakeLookup = async (hostname: string): Promise<ResolvedAddress[]> => {
  const addresses = HOSTS[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

/** 127.0.0.1 plays a public address; every other address is judged as in production. */
const testAddresses = (address: string) => address === "127.0.0.1" || isPublicAddress(address);

let server: http.Server;
let port = 0;
const seen: string[] = [];

function route(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = request.url ?? "/";
  seen.push(`${request.method} ${url}`);
  const send = (status: number, body: Buffer | string = "", headers: http.OutgoingHttpHeaders = {}) => {
    response.writeHead(status, { "content-length": Buffer.byteLength(body), ...headers });
    response.end(request.method === "HEAD" ? undefined : body);
  };
  if (url === PHOTO_PATH || url === "/espelho/2023/05/foto.jpg" || url === `/copia${PHOTO_PATH}`)
    return send(200, PHOTO);
  if (url === "/sem-head/2023/05/foto.jpg") {
    if (request.method === "HEAD") return send(405);
    return request.headers.range === "bytes=0-0"
      ? send(206, PHOTO.subarray(0, 1), { "content-range": `bytes 0-0/${PHOTO.length}` })
      : send(200, PHOTO);
  }
  if (url === "/wp-content/uploads/grande.jpg") return send(200, Buffer.alloc(2 * MB));
  if (url === "/wp-content/uploads/sem-tamanho.jpg") {
    // Chunked, no content-length: only counting the bytes stops it.
    response.writeHead(200, { "content-type": "image/jpeg" });
    let sent = 0;
    const more = () => {
      while (sent < 4 * MB) {
        sent += 64 * 1024;
        if (!response.write(Buffer.alloc(64 * 1024))) return response.once("drain", more);
      }
      response.end();
    };
    return more();
  }
  if (url === "/wp-content/uploads/lento.jpg") return; // never answers
  if (url === "/wp-content/uploads/corpo-lento.jpg") {
    response.writeHead(200, { "content-length": 1000 });
    return response.write(Buffer.alloc(10)); // and never the rest
  }
  if (url === "/wp-content/uploads/antigo.jpg") return send(301, "", { location: PHOTO_PATH });
  if (url === "/wp-content/uploads/para-intranet.jpg") {
    return send(302, "", { location: "http://intranet.test/wp-content/uploads/x.jpg" });
  }
  if (url === "/wp-content/uploads/para-metadados.jpg") {
    return send(302, "", { location: "http://169.254.169.254/latest/meta-data/" });
  }
  if (url === "/wp-content/uploads/para-ftp.jpg") return send(302, "", { location: "ftp://old-site.test/x.jpg" });
  if (url.startsWith("/wp-content/uploads/voltas")) {
    return send(302, "", { location: `/wp-content/uploads/voltas${url.length}.jpg` });
  }
  send(404, "não encontrado");
}

beforeAll(async () => {
  server = http.createServer(route);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  server.closeAllConnections();
});

const opened: OpenedFileSource[] = [];
afterAll(async () => {
  await Promise.all(opened.map((source) => source.close()));
});

async function source(spec: Parameters<typeof openFileSource>[0], options: Partial<FileSourceOptions> = {}) {
  const files = await openFileSource(spec, {
    maxBytes: MB,
    lookup: fakeLookup,
    addressAllowed: testAddresses,
    ...options,
  });
  opened.push(files);
  return files;
}

const at = (host: string, pathname: string) => `http://${host}:${port}${pathname}`;

describe("which addresses are public", () => {
  it("refuses loopback, private, link-local, CGNAT, reserved, multicast and their IPv6 forms", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.5",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fd00::1",
      "fe80::1%eth0",
      "ff02::1",
      "::ffff:10.0.0.1",
      "::ffff:a00:1",
      "::ffff:127.0.0.1",
      "::10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:c0a8:101::1",
      "2001:db8::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("lets public addresses through, IPv4 carried in IPv6 included", () => {
    for (const address of ["8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe("files from the old site", () => {
  it("fetches an attachment at its own address, following a redirect", async () => {
    const files = await source({ kind: "site" });
    expect(await files.get(at("old-site.test", PHOTO_PATH))).toEqual({
      ok: true,
      bytes: new Uint8Array(PHOTO),
      name: "foto.jpg",
    });
    const moved = await files.get(at("old-site.test", "/wp-content/uploads/antigo.jpg"));
    expect(moved.ok && Buffer.from(moved.bytes).equals(PHOTO)).toBe(true);
    expect(await files.exists(at("old-site.test", PHOTO_PATH))).toEqual({ ok: true });
  });

  it("answers a missing file with the site's status", async () => {
    const files = await source({ kind: "site" });
    const reason = "O site antigo respondeu 404 (arquivo não encontrado).";
    expect(await files.get(at("old-site.test", "/wp-content/uploads/sumiu.jpg"))).toEqual({ ok: false, reason });
    expect(await files.exists(at("old-site.test", "/wp-content/uploads/sumiu.jpg"))).toEqual({ ok: false, reason });
  });

  it("refuses private and local addresses, written or resolved, before connecting", async () => {
    const files = await source({ kind: "site" }, { addressAllowed: undefined });
    const before = seen.length;
    for (const host of [
      `127.0.0.1:${port}`,
      "10.0.0.5",
      "192.168.1.1",
      "169.254.169.254",
      `[::1]:${port}`,
      "[fd00::1]",
      "[::ffff:10.0.0.1]",
      "intranet.test",
    ]) {
      const fetched = await files.get(`http://${host}${PHOTO_PATH}`);
      expect(fetched.ok, host).toBe(false);
      if (!fetched.ok) expect(fetched.reason).toMatch(/^Endereço em rede privada recusado \(/);
    }
    const intranet = await files.get(`http://intranet.test${PHOTO_PATH}`);
    expect(intranet).toMatchObject({ reason: expect.stringContaining("(intranet.test → 10.0.0.5)") });
    expect(seen.length).toBe(before);
  });

  it("refuses a host any of whose addresses is private", async () => {
    const files = await source({ kind: "site" });
    expect(await files.get(at("half-private.test", PHOTO_PATH))).toMatchObject({
      ok: false,
      reason: expect.stringContaining("(half-private.test → 192.168.1.1)"),
    });
  });

  it("connects to the address it checked, and checks a host that changes its answer again", async () => {
    // rebinding.test exists for no resolver: the connection is made to the address the check saw.
    const answers = ["127.0.0.1", "10.0.0.5"];
    const files = await source(
      { kind: "site" },
      { lookup: async () => [{ address: answers.shift() ?? "10.0.0.5", family: 4 }] },
    );
    expect(await files.get(at("rebinding.test", PHOTO_PATH))).toMatchObject({ ok: true });
    expect(await files.get(at("rebinding.test", PHOTO_PATH))).toMatchObject({
      reason: expect.stringContaining("(rebinding.test → 10.0.0.5)"),
    });
  });

  it("lets an intranet host named in WORDPRESS_FILES_PRIVATE_HOSTS through", async () => {
    const files = await source({ kind: "site" }, { addressAllowed: undefined, privateHosts: new Set(["wp.local"]) });
    expect(await files.get(at("wp.local", PHOTO_PATH))).toMatchObject({ ok: true });
    expect(await files.get(at("old-site.test", PHOTO_PATH))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Endereço em rede privada recusado/),
    });
  });

  it("checks every redirect again: to a private address, to another scheme, too many", async () => {
    const files = await source({ kind: "site" });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/para-intranet.jpg"))).toMatchObject({
      reason: expect.stringContaining("Endereço em rede privada recusado (intranet.test → 10.0.0.5)"),
    });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/para-metadados.jpg"))).toMatchObject({
      reason: expect.stringContaining("Endereço em rede privada recusado (169.254.169.254)"),
    });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/para-ftp.jpg"))).toEqual({
      ok: false,
      reason: "O redirecionamento usa ftp://; só são buscados arquivos em endereços http:// ou https://.",
    });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/voltas.jpg"))).toEqual({
      ok: false,
      reason: "O endereço redirecionou mais de 3 vezes; o arquivo não foi buscado.",
    });
  });

  it("refuses file:// and ftp:// addresses", async () => {
    const files = await source({ kind: "site" });
    expect(await files.get("file:///etc/passwd")).toEqual({
      ok: false,
      reason: "O endereço do arquivo usa file://; só são buscados arquivos em endereços http:// ou https://.",
    });
    expect(await files.get(`ftp://old-site.test${PHOTO_PATH}`)).toMatchObject({
      reason: expect.stringContaining("usa ftp://"),
    });
  });

  it("gives up on a server that does not answer, or stops sending, in time", async () => {
    const files = await source({ kind: "site" }, { timeoutMs: 300 });
    const reason = "O site antigo não enviou o arquivo em 0,3 s.";
    expect(await files.get(at("old-site.test", "/wp-content/uploads/lento.jpg"))).toEqual({ ok: false, reason });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/corpo-lento.jpg"))).toEqual({ ok: false, reason });
  });

  it("stops at maxBytes, by the declared length or by counting", async () => {
    const files = await source({ kind: "site" });
    const reason = "Arquivo maior que 1 MB: não importado.";
    expect(await files.get(at("old-site.test", "/wp-content/uploads/grande.jpg"))).toEqual({ ok: false, reason });
    expect(await files.exists(at("old-site.test", "/wp-content/uploads/grande.jpg"))).toEqual({ ok: false, reason });
    expect(await files.get(at("old-site.test", "/wp-content/uploads/sem-tamanho.jpg"))).toEqual({ ok: false, reason });
  });
});

describe("files from another address", () => {
  it("appends the path under wp-content/uploads to the address given", async () => {
    for (const base of [
      at("files.test", "/copia/wp-content/uploads"),
      at("files.test", "/espelho/"),
      // Not an uploads folder: also tried as the site's root.
      at("files.test", "/copia"),
    ]) {
      const files = await source({ kind: "url", url: base });
      expect(await files.get(ATTACHMENT), base).toMatchObject({ ok: true, name: "foto.jpg" });
      expect(await files.exists(ATTACHMENT), base).toEqual({ ok: true });
    }
  });

  it("checks by a one-byte GET where HEAD is refused", async () => {
    const files = await source({ kind: "url", url: at("files.test", "/sem-head") });
    expect(await files.exists(ATTACHMENT)).toEqual({ ok: true });
  });

  it("refuses an address that is not http(s), a private one, and an attachment outside uploads", async () => {
    await expect(openFileSource({ kind: "url", url: "ftp://files.test/uploads" }, { maxBytes: MB })).rejects.toThrow(
      "O endereço dos arquivos deve começar com http:// ou https://.",
    );
    const files = await source({ kind: "url", url: "http://intranet.test/wp-content/uploads" });
    expect(await files.get(ATTACHMENT)).toMatchObject({ reason: expect.stringMatching(/^Endereço em rede privada/) });
    expect(await files.get("https://old.example.org/arquivo.jpg")).toMatchObject({
      reason: expect.stringContaining("não está em wp-content/uploads"),
    });
  });
});

describe("files from a folder", () => {
  let temp = "";
  let wordpressRoot = "";
  let uploads = "";
  beforeAll(async () => {
    temp = await mkdtemp(path.join(os.tmpdir(), "wp-files-"));
    wordpressRoot = path.join(temp, "site");
    uploads = path.join(wordpressRoot, "wp-content", "uploads");
    await mkdir(path.join(uploads, "2023", "05"), { recursive: true });
    await writeFile(path.join(uploads, "2023", "05", "foto.jpg"), PHOTO);
    await writeFile(path.join(uploads, "2023", "05", "foto com espaço.jpg"), PHOTO);
    await writeFile(path.join(uploads, "2023", "05", "grande.jpg"), Buffer.alloc(2 * MB));
    await mkdir(path.join(temp, "fora"));
    await writeFile(path.join(temp, "fora", "segredo.txt"), "segredo");
    await symlink(path.join(temp, "fora", "segredo.txt"), path.join(uploads, "2023", "05", "atalho.jpg"));
    await symlink(path.join(temp, "fora"), path.join(uploads, "pasta-atalho"));
  });
  afterAll(async () => {
    await rm(temp, { recursive: true, force: true });
  });

  it("reads from the uploads folder or a WordPress root holding it, decoding the path", async () => {
    for (const folder of [uploads, wordpressRoot]) {
      const files = await source({ kind: "folder", path: folder });
      expect(await files.get(ATTACHMENT)).toEqual({ ok: true, bytes: new Uint8Array(PHOTO), name: "foto.jpg" });
      expect(
        await files.get("https://old.example.org/wp-content/uploads/2023/05/foto%20com%20espa%C3%A7o.jpg"),
      ).toEqual({ ok: true, bytes: new Uint8Array(PHOTO), name: "foto com espaço.jpg" });
      expect(await files.exists(ATTACHMENT)).toEqual({ ok: true });
      expect(await files.get("https://old.example.org/wp-content/uploads/2023/05/nada.jpg")).toEqual({
        ok: false,
        reason: "Arquivo não encontrado na pasta indicada.",
      });
    }
  });

  it("refuses what leads outside the folder: '..' in the address, symlinks pointing out", async () => {
    const files = await source({ kind: "folder", path: uploads });
    const outside = { ok: false, reason: "Caminho fora da pasta indicada." };
    for (const address of [
      "https://old.example.org/wp-content/uploads/../../fora/segredo.txt",
      "https://old.example.org/wp-content/uploads/2023/%2e%2e/%2E%2E/../fora/segredo.txt",
      "https://old.example.org/wp-content/uploads/2023/05/atalho.jpg",
      "https://old.example.org/wp-content/uploads/pasta-atalho/segredo.txt",
    ]) {
      expect(await files.get(address), address).toEqual(outside);
      expect(await files.exists(address), address).toEqual(outside);
    }
    expect(await files.get("https://old.example.org/wp-content/uploads/2023/..%2f..%2fetc%2fpasswd")).toEqual({
      ok: false,
      reason: "O endereço do arquivo é inválido.",
    });
  });

  it("stops at maxBytes, and refuses a folder that is not there", async () => {
    const files = await source({ kind: "folder", path: uploads });
    const reason = "Arquivo maior que 1 MB: não importado.";
    expect(await files.get("https://old.example.org/wp-content/uploads/2023/05/grande.jpg")).toEqual({
      ok: false,
      reason,
    });
    expect(await files.exists("https://old.example.org/wp-content/uploads/2023/05/grande.jpg")).toEqual({
      ok: false,
      reason,
    });
    await expect(openFileSource({ kind: "folder", path: path.join(temp, "nada") }, { maxBytes: MB })).rejects.toThrow(
      "A pasta indicada não existe ou não é uma pasta",
    );
  });
});

type ZipInput = {
  name: string;
  data: Buffer;
  /** 0 stored, 8 deflated (the default). */
  method?: 0 | 8;
  /** The uncompressed size the headers claim, when it should lie. */
  declaredSize?: number;
};

/** A zip as WordPress hosts' panels write one: local headers, the central directory, its end record. */
function makeZip(inputs: readonly ZipInput[], declaredCount?: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const method = input.method ?? 8;
    const stored = method === 8 ? deflateRawSync(input.data) : input.data;
    const name = Buffer.from(input.name, "utf8");
    const size = input.declaredSize ?? input.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6); // names in UTF-8
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(input.data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(input.data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const count = declaredCount ?? inputs.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  if (count < 0xffff) return Buffer.concat([...locals, directory, end]);
  // More entries than 16 bits count: the zip64 end record and its locator say how many.
  const zip64End = Buffer.alloc(56);
  zip64End.writeUInt32LE(0x06064b50, 0);
  zip64End.writeBigUInt64LE(44n, 4);
  zip64End.writeUInt16LE(45, 12);
  zip64End.writeUInt16LE(45, 14);
  zip64End.writeBigUInt64LE(BigInt(count), 24);
  zip64End.writeBigUInt64LE(BigInt(count), 32);
  zip64End.writeBigUInt64LE(BigInt(directory.length), 40);
  zip64End.writeBigUInt64LE(BigInt(offset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([...locals, directory, zip64End, locator, end]);
}

describe("files from a zip of the uploads folder", () => {
  let temp = "";
  beforeAll(async () => {
    temp = await mkdtemp(path.join(os.tmpdir(), "wp-zip-"));
  });
  afterAll(async () => {
    await rm(temp, { recursive: true, force: true });
  });

  async function zipFile(name: string, inputs: readonly ZipInput[], declaredCount?: number) {
    const file = path.join(temp, name);
    await writeFile(file, makeZip(inputs, declaredCount));
    return file;
  }

  it("finds entries under uploads/, wp-content/uploads/ or no folder, deflated or stored", async () => {
    for (const [prefix, method] of [
      ["uploads/", 8],
      ["wp-content/uploads/", 0],
      ["", 8],
      ["public_html/wp-content/uploads/", 8],
    ] as const) {
      const file = await zipFile("uploads.zip", [
        { name: `${prefix}2023/`, data: Buffer.alloc(0), method: 0 },
        { name: `${prefix}2023/05/foto.jpg`, data: PHOTO, method },
      ]);
      const files = await source({ kind: "zip", path: file });
      expect(await files.get(ATTACHMENT), prefix).toEqual({ ok: true, bytes: new Uint8Array(PHOTO), name: "foto.jpg" });
      expect(await files.exists(ATTACHMENT)).toEqual({ ok: true });
      expect(await files.get("https://old.example.org/wp-content/uploads/2023/05/outra.jpg")).toEqual({
        ok: false,
        reason: "Arquivo não encontrado no .zip.",
      });
      await files.close();
    }
  });

  it("never reads an entry named with '..' or an absolute path, and still reads the others", async () => {
    const file = await zipFile("traicoeiro.zip", [
      { name: "../2023/05/foto.jpg", data: Buffer.from("fora") },
      { name: "uploads/../../2023/05/foto.jpg", data: Buffer.from("fora") },
      { name: "/2023/05/foto.jpg", data: Buffer.from("absoluto") },
      { name: "uploads/2023/05/foto.jpg", data: PHOTO },
    ]);
    const files = await source({ kind: "zip", path: file });
    expect(await files.get(ATTACHMENT)).toEqual({ ok: true, bytes: new Uint8Array(PHOTO), name: "foto.jpg" });
    expect(await files.get("https://old.example.org/wp-content/uploads/../2023/05/foto.jpg")).toEqual({
      ok: false,
      reason: "Caminho fora da pasta indicada.",
    });
  });

  it("stops at maxBytes: by the declared size, and while inflating an entry that lies about it", async () => {
    const zeros = Buffer.alloc(10 * MB);
    const file = await zipFile("bomba.zip", [
      { name: "2023/05/honesto.jpg", data: zeros },
      { name: "2023/05/bomba.jpg", data: zeros, declaredSize: 100 },
    ]);
    const files = await source({ kind: "zip", path: file });
    expect(await files.get("https://old.example.org/wp-content/uploads/2023/05/honesto.jpg")).toEqual({
      ok: false,
      reason: "Arquivo maior que 1 MB: não importado.",
    });
    expect(await files.exists("https://old.example.org/wp-content/uploads/2023/05/honesto.jpg")).toMatchObject({
      ok: false,
    });
    expect(await files.get("https://old.example.org/wp-content/uploads/2023/05/bomba.jpg")).toEqual({
      ok: false,
      reason:
        "O arquivo no .zip está corrompido ou declara um tamanho diferente do que contém; por segurança ele não é lido.",
    });
  });

  it("refuses a file that is not a zip, and one with too many entries", async () => {
    const text = path.join(temp, "nao-e-zip.zip");
    await writeFile(text, "isto não é um zip");
    await expect(openFileSource({ kind: "zip", path: text }, { maxBytes: MB })).rejects.toThrow(
      "O arquivo .zip enviado não pôde ser lido: ele não é um .zip ou está incompleto (baixe-o de novo).",
    );
    const crowded = await zipFile("cheio.zip", [{ name: "a.jpg", data: PHOTO }], 250_000);
    await expect(openFileSource({ kind: "zip", path: crowded }, { maxBytes: MB })).rejects.toThrow(
      "O arquivo .zip enviado não pôde ser lido: ele tem 250.000 arquivos, mais que os 200.000 aceitos.",
    );
  });
});
