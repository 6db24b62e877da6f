/** Runs in a worker thread (see parse-references.ts): reads one reference file and posts the result back. */
import { parentPort, workerData } from "node:worker_threads";
import { isDomainError } from "../../../../common/errors.ts";
import type { ReferenceFormat } from "../../../../common/schemas/media.ts";
import { readReferences } from "./read-references.ts";

export type ParseRequest = { text: string; format: ReferenceFormat | undefined };
export type ParseReply =
  | { ok: true; result: ReturnType<typeof readReferences> }
  | { ok: false; message: string }
  | { ok: false; failure: string };

const request = workerData as ParseRequest;
let reply: ParseReply;
try {
  reply = { ok: true, result: readReferences(request.text, request.format) };
} catch (error) {
  // A refusal goes back as its message; anything else is a bug, reported with its stack.
  reply = isDomainError(error)
    ? { ok: false, message: error.message }
    : { ok: false, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort?.postMessage(reply);
