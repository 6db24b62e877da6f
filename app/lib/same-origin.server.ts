import { data, type MiddlewareFunction } from "react-router";
import { getApp } from "./context.server.ts";

/**
 * Root middleware: a write the server found to come from another site (server/http/same-origin.ts)
 * gets the error page with 403 before any action runs.
 */
export const refuseCrossSiteWrites: MiddlewareFunction<Response> = ({ context }) => {
  if (getApp(context).crossSiteWrite) throw data(null, { status: 403 });
};
