/**
 * An echo of server/render/render-worker.ts in render-pool tests: answers each page with what it
 * was asked and how many changes it has heard of; "/slow" waits until a second page arrives, "/crash"
 * ends the thread, "/queries" reports two PostgreSQL queries' times.
 */
import { parentPort } from "node:worker_threads";
import type { FromWorker, ToWorker } from "../../server/render/protocol.ts";

const port = parentPort;
if (!port) throw new Error("runs as a worker thread");
let changes = 0;
let releaseSlow: (() => void) | null = null;
const send = (message: FromWorker) => port.postMessage(message);

port.on("message", async (message: ToWorker) => {
  if (message.type === "changed") {
    changes++;
    return;
  }
  const { pathname } = new URL(message.url);
  if (pathname === "/crash") process.exit(3);
  if (pathname === "/slow") {
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
  } else releaseSlow?.();
  const body = new TextEncoder().encode(`${message.method} ${pathname} after ${changes} changes`).buffer;
  const postgresQuerySeconds = pathname === "/queries" ? [0.25, 0.5] : [];
  send({
    type: "rendered",
    id: message.id,
    status: 200,
    statusText: "OK",
    headers: [["x-echo", "1"]],
    body,
    postgresQuerySeconds,
  });
});
send({ type: "ready" });
