import { data } from "react-router";
import { isDomainError } from "../../common/errors.ts";
import { parseId } from "../../common/schemas/id.ts";

/** The site's error page with 404, for a loader to throw. */
export const notFoundPage = () => data(null, { status: 404 });

/** Feeds and files answer a missing thing with a short plain-text 404 instead of the error page. */
export function plainNotFound(): Response {
  return new Response("Não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * The one not-found rule of loaders: a service's not_found error (a missing record, or one hidden
 * from this visitor, like a draft) becomes `missing()`; any other error goes on.
 */
async function orWhenMissing<T, M>(load: () => Promise<T>, missing: () => M): Promise<T | M> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") return missing();
    throw error;
  }
}

/** The record, or the error page with 404 (pages and account screens). */
export const loadOr404 = <T>(load: () => Promise<T>): Promise<T> =>
  orWhenMissing(load, (): never => {
    throw notFoundPage();
  });

/** The record, or a plain-text 404 (resource routes: feeds, calendars). */
export const loadOrPlain404 = <T>(load: () => Promise<T>): Promise<T> =>
  orWhenMissing(load, (): never => {
    throw plainNotFound();
  });

/** The record, or null when it is missing or hidden. */
export const loadOrNull = <T>(load: () => Promise<T>): Promise<T | null> => orWhenMissing(load, () => null);

/** The id in the address; a malformed one is a missing page, not a server error. */
export function idParam(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  return id;
}
