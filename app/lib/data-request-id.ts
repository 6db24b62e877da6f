/**
 * The request id (X-Request-Id) of the last page data the browser asked the server for and did not get,
 * for the error page a navigation ends on: React Router fetches a page's data from `<path>.data` and hands
 * the page the error only, never the answer's headers. A later answer that is not an error forgets it.
 */
let lastFailedId: string | null = null;

/** Wraps the browser's fetch to read the answers to React Router's data requests; called once, at start. */
export function watchDataRequests(): void {
  const fetchPage = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await fetchPage(input, init);
    const address = input instanceof Request ? input.url : String(input);
    if (new URL(address, window.location.href).pathname.endsWith(".data")) {
      lastFailedId = response.ok ? null : response.headers.get("x-request-id");
    }
    return response;
  };
}

export const lastFailedDataRequestId = (): string | null => lastFailedId;
