import { Worker } from "node:worker_threads";
import { invalid } from "../../../../common/errors.ts";
import { formatFileSize } from "../../../../common/file-size.ts";
import { MAX_IMPORT_BYTES, type ReferenceFormat } from "../../../../common/schemas/media.ts";
import type { ParseReply, ParseRequest } from "./parse-worker.ts";
import type { ParsedReferences } from "./read-references.ts";

export type { ParsedEntry, ParsedReferences } from "./read-references.ts";

/** How long one file may take to read before the worker is stopped. */
export const PARSE_TIME_LIMIT_MS = 30_000;

const workerUrl = new URL("./parse-worker.ts", import.meta.url);

/**
 * Reads a BibTeX or RIS file (detected when `format` is not given) in a worker thread, so a large or
 * hostile file never blocks the server. A file that cannot be read at all is an `invalid` error;
 * entries that cannot be imported come back with a pt-BR `reason`.
 */
export function parseReferences(
  text: string,
  format?: ReferenceFormat,
  options: { timeLimitMs?: number } = {},
): Promise<ParsedReferences> {
  // Checked here too so an oversized upload does not even get copied into a worker.
  if (text.length > MAX_IMPORT_BYTES) {
    return Promise.reject(invalid(`O arquivo é grande demais: o limite é ${formatFileSize(MAX_IMPORT_BYTES)}.`));
  }
  const request: ParseRequest = { text, format };
  const worker = new Worker(workerUrl, { workerData: request, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  return new Promise<ParsedReferences>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            invalid(
              `A leitura do arquivo passou de ${Math.ceil((options.timeLimitMs ?? PARSE_TIME_LIMIT_MS) / 1000)} s e foi interrompida. Divida o arquivo em partes menores.`,
            ),
          ),
        ),
      options.timeLimitMs ?? PARSE_TIME_LIMIT_MS,
    );
    worker.once("message", (reply: ParseReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.result);
        else if ("message" in reply) reject(invalid(reply.message));
        else reject(new Error(`reference parse worker failed: ${reply.failure}`));
      }),
    );
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? invalid("O arquivo não pôde ser lido: é grande ou complexo demais. Divida-o em partes menores.")
            : error,
        ),
      ),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`reference parse worker exited with code ${code}`))));
  });
}
