import cluster, { type Worker } from "node:cluster";

/**
 * With WORKERS=N a scrape reaches one of the processes sharing the port, and must count them all. The
 * worker that got it asks the primary over the cluster's IPC channel; the primary asks every worker for
 * its numbers through prom-client's AggregatorRegistry (which answers in each worker), adds them up and
 * sends the text back. The primary loads prom-client only at the first scrape: a site without /metrics
 * never does.
 */
const SCRAPE = "cms:metrics-scrape";
const SCRAPED = "cms:metrics-scraped";

/** A scrape waits this long for every worker's numbers (prom-client's own limit is 5 s). */
const SCRAPE_TIMEOUT_MS = 8_000;

type ScrapeRequest = { type: typeof SCRAPE; id: number };
type ScrapeAnswer =
  | { type: typeof SCRAPED; id: number; text: string }
  | { type: typeof SCRAPED; id: number; error: string };

const isMessage = (message: unknown, type: string): message is { type: string; id: number } =>
  typeof message === "object" &&
  message !== null &&
  "type" in message &&
  message.type === type &&
  "id" in message &&
  typeof message.id === "number";

let nextScrape = 0;
const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();

/** In a worker: every worker's numbers, added up by the primary, in Prometheus' text format. */
export function scrapeEveryWorker(): Promise<string> {
  const send = process.send?.bind(process);
  if (!send) return Promise.reject(new Error("not a cluster worker"));
  if (waiting.size === 0) process.on("message", onScraped);
  const id = nextScrape++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => settle(id, new Error("the primary did not answer the scrape in time")),
      SCRAPE_TIMEOUT_MS,
    );
    waiting.set(id, {
      resolve: (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    send({ type: SCRAPE, id } satisfies ScrapeRequest, undefined, undefined, (error: Error | null) => {
      if (error) settle(id, error);
    });
  });
}

function settle(id: number, outcome: string | Error): void {
  const caller = waiting.get(id);
  if (!caller) return;
  waiting.delete(id);
  if (waiting.size === 0) process.off("message", onScraped);
  if (outcome instanceof Error) caller.reject(outcome);
  else caller.resolve(outcome);
}

function onScraped(message: unknown): void {
  if (!isMessage(message, SCRAPED)) return;
  const answer = message as ScrapeAnswer;
  settle(answer.id, "text" in answer ? answer.text : new Error(answer.error));
}

/** In the primary (server/runtime/cluster-primary.ts): answers each worker's scrape with every worker's numbers. */
export function answerWorkersScrapes(): void {
  let aggregator: Promise<{ clusterMetrics(): Promise<string> }> | null = null;
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isMessage(message, SCRAPE)) return;
    aggregator ??= import("prom-client").then(({ AggregatorRegistry }) => new AggregatorRegistry());
    const answer = (reply: ScrapeAnswer) => {
      // A worker that stopped meanwhile gets nothing; without the callback, the failed send would be an
      // unhandled 'error' event in the primary.
      if (worker.isConnected()) worker.send(reply, () => {});
    };
    aggregator
      .then((registry) => registry.clusterMetrics())
      .then(
        (text) => answer({ type: SCRAPED, id: message.id, text }),
        (error: unknown) =>
          answer({ type: SCRAPED, id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
