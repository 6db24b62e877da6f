import { AsyncLocalStorage } from "node:async_hooks";

/** What every piece of work done for one HTTP request may know of it, without being handed it. */
export type RequestContext = {
  /** The id in the X-Request-Id answer header, on the error page and in every log line about the request. */
  id: string;
  /** The client's address as the request log and the throttles see it. */
  address: string;
  /** The browser's User-Agent header, cut short: what 'Meus dados' names a session's device by. */
  userAgent: string;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (the rest of a request's handling) with `context` readable by everything it awaits. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request this code runs for; undefined in background jobs, scripts and start-up. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
