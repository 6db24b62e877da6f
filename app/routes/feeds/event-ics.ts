import { feedCacheControl, siteOrigin } from "../../../common/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { calendarResponse, icsEventOf } from "../../lib/ics.ts";
import { loadOrPlain404, plainNotFound } from "../../lib/not-found.server.ts";
import { plainMethodNotAllowed } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/event-ics";

/** /agenda/:slug/ics: one event to add to a calendar ('Adicionar à agenda'). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const settings = await services.settings.get();
  if (!settings?.features.events.enabled) return plainNotFound();
  const event = await loadOrPlain404(() => services.events.get(actor, params.slug));
  const origin = siteOrigin(services.config.BASE_URL, url);
  // A draft is seen by signed-in admins only, a members-only event by them and members.
  const cacheControl =
    event.status === "published" && !event.members_only
      ? feedCacheControl(services.config.BASE_URL, 300)
      : "private, no-store";
  return calendarResponse({ events: [icsEventOf(event, origin)] }, `${event.slug}.ics`, cacheControl);
}

export function action() {
  return plainMethodNotAllowed();
}
