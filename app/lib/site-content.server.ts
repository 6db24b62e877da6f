import { data } from "react-router";
import { isDomainError } from "../../common/errors.ts";
import type { getApp } from "./context.server.ts";

type Services = ReturnType<typeof getApp>["services"];
type Settings = NonNullable<Awaited<ReturnType<Services["settings"]["get"]>>>;

/** Public lists show this many items a page. */
export const PUBLIC_PER_PAGE = 12;

/** News (/noticias*), the agenda (/agenda*) and the library (/biblioteca*) exist only while their feature is switched on. */
export async function requireFeature(services: Services, feature: "posts" | "events" | "medias"): Promise<Settings> {
  const settings = await services.settings.get();
  if (!settings?.features[feature].enabled) throw data(null, { status: 404 });
  return settings;
}

/** A missing or hidden item (a draft, for visitors) is the site's 404 page. */
export async function findOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

/** Feeds and files answer a missing thing with a short plain-text 404 instead of the error page. */
export function plainNotFound(): Response {
  return new Response("Não encontrado.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Feeds only answer GET: a post gets a short plain-text 405, not React Router's JSON error. */
export function plainMethodNotAllowed(): Response {
  return new Response("Método não permitido.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** Like `findOr404`, for resource routes. */
export async function findOrPlain404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") throw plainNotFound();
    throw error;
  }
}

/** The item, or null when it is missing or hidden. */
export async function findOrNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (isDomainError(error) && error.kind === "not_found") return null;
    throw error;
  }
}
