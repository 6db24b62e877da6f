import type { Services } from "./context.server.ts";
import { notFoundPage } from "./not-found.server.ts";

type Settings = NonNullable<Awaited<ReturnType<Services["settings"]["get"]>>>;

/** Public lists show this many items a page. */
export const PUBLIC_PER_PAGE = 12;

/** News (/noticias*), the agenda (/agenda*) and the library (/biblioteca*) exist only while their feature is switched on. */
export async function requireFeature(services: Services, feature: "posts" | "events" | "medias"): Promise<Settings> {
  const settings = await services.settings.get();
  if (!settings?.features[feature].enabled) throw notFoundPage();
  return settings;
}

/** Feeds only answer GET: a post gets a short plain-text 405, not React Router's JSON error. */
export function plainMethodNotAllowed(): Response {
  return new Response("Método não permitido.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
