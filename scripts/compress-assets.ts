/**
 * The build's last step (`npm run build`, and `npm start` when it builds): a brotli (.br) and a gzip
 * (.gz) copy beside each text file the browser downloads, which the production server sends to the
 * browsers that ask for that encoding (server/main.ts, serveStatic's `precompressed`). Made once per
 * build, so at the highest levels, far too slow to spend on each request.
 *
 * `node scripts/compress-assets.ts [folder]`: the folder defaults to the client build react-router
 * writes (CMS_BUILD_DIR, see react-router.config.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats. Fonts (woff2) and images are compressed already: another pass would only cost. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".txt",
  ".xml",
  ".html",
  ".webmanifest",
]);

const ENCODINGS: { suffix: string; compress: (content: Buffer) => Promise<Buffer> }[] = [
  {
    suffix: ".br",
    compress: (content) =>
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
  },
  { suffix: ".gz", compress: (content) => gzipped(content, { level: constants.Z_BEST_COMPRESSION }) },
];

export type CompressionSummary = { files: number; bytes: number; brotliBytes: number };

/**
 * Writes `file.br` and `file.gz` beside every compressible file under `folder`, each only when it is
 * smaller than the file. A copy that is not is removed if an earlier run left one: the server would
 * otherwise send it, and it may be of another content. Running it again rewrites the same copies.
 */
export async function compressAssets(folder: string): Promise<CompressionSummary> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE_EXTENSIONS.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const summary: CompressionSummary = { files: files.length, bytes: 0, brotliBytes: 0 };
  // All at once: zlib's asynchronous calls run on libuv's thread pool, which bounds them by itself.
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      summary.bytes += content.length;
      await Promise.all(
        ENCODINGS.map(async ({ suffix, compress }) => {
          const compressed = await compress(content);
          const smaller = compressed.length < content.length;
          if (suffix === ".br") summary.brotliBytes += smaller ? compressed.length : content.length;
          if (smaller) await fs.writeFile(file + suffix, compressed);
          else await fs.rm(file + suffix, { force: true });
        }),
      );
    }),
  );
  return summary;
}

if (import.meta.main) {
  const folder = process.argv[2] ?? path.join(process.env.CMS_BUILD_DIR || "build", "client");
  const started = performance.now();
  const { files, bytes, brotliBytes } = await compressAssets(folder);
  const kB = (count: number) => `${Math.round(count / 1024)} kB`;
  process.stdout.write(
    `compress-assets: ${files} files in ${folder}, ${kB(bytes)} -> ${kB(brotliBytes)} with brotli (${Math.round(performance.now() - started)} ms)\n`,
  );
}
