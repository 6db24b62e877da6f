import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { RequestIdContext } from "./components/error-page.tsx";
import { appContext } from "./lib/context.server.ts";
import { KeptRichTextContext } from "./lib/rich-text.ts";

export const streamTimeout = 5_000;

/**
 * Loader and action failures go to the server's logger: its serializer keeps a database error's
 * code and message but not the SQL and its parameters, which React Router's default would print. The
 * line names the request, whose id the error page shows.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { services, requestId } = context.get(appContext);
  services.logger.error({ err: error, path: new URL(request.url).pathname, requestId }, "page error");
};

/**
 * React Router's default Node entry, plus the render's nonce on every inline script React and
 * React Router write (the document handler turns those scripts into the policy's hashes).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonce, keptRichText, requestId, services } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Aborted after streamTimeout, with time left to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <RequestIdContext.Provider value={requestId}>
        <KeptRichTextContext.Provider value={keptRichText}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </KeptRichTextContext.Provider>
      </RequestIdContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors in the shell reject above and are logged by React Router.
          if (shellRendered)
            services.logger.error({ err: error, path: new URL(request.url).pathname, requestId }, "page render error");
        },
      },
    );
  });
}
