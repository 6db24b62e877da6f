/** Runs in a worker thread (see parse-references.ts): reads one reference file and posts the result back. */
import { parentPort, workerData } from "node:worker_threads";
import type { ReferenceFormat } from "../../../../common/schemas/media.ts";
import { isDomainError } from "../../errors.ts";
import { readReferences } from "./read-references.ts";

export type ParseRequest = { text: string; format: ReferenceFormat | undefined };
export type ParseReply =
  | { ok: true; result: ReturnType<typeof readReferences> }
  | { ok: false; message: string | null };

const request = workerData as ParseRequest;
let reply: ParseReply;
try {
  reply = { ok: true, result: readReferences(request.text, request.format) };
} catch (error) {
  reply = { ok: false, message: isDomainError(error) ? error.message : null };
}
parentPort?.postMessage(reply);
