/** What the main thread and a render worker (render-worker.ts) tell each other. */

/** The request as the worker rebuilds it, and what of the app's context a visitor's page needs. */
export type RenderJob = {
  type: "render";
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  requestId: string;
  clientAddress: string;
  sessionEnded: boolean;
};

export type ToWorker = RenderJob | { type: "changed" };

/**
 * The times in seconds of the queries the worker sent on its own PostgreSQL connections since its last
 * message, for the main thread's metrics (the embedded database's are timed on the main thread, where they run).
 */
type QueryTimes = { postgresQuerySeconds: number[] };

export type FromWorker =
  | { type: "ready" }
  | ({
      type: "rendered";
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
    } & QueryTimes)
  | ({ type: "failed"; id: number; message: string; stack?: string } & QueryTimes);

/** What the worker needs from the main thread to start: a port to the embedded database, if any. */
export type RenderWorkerData = { databasePort: import("node:worker_threads").MessagePort | null };
