import { feedCacheControl, siteOrigin } from "../../../common/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { calendarResponse, icsEventOf } from "../../lib/ics.ts";
import { plainNotFound } from "../../lib/not-found.server.ts";
import { plainMethodNotAllowed } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/agenda-ics";

/** Upcoming events first, then the latest past ones: what a calendar subscription needs. */
const FEED_SIZE = 100;

/** /agenda.ics: the published agenda as a calendar feed to subscribe to. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  if (!settings?.features.events.enabled) return plainNotFound();
  const events = await services.events.list(null, { page: 1, per_page: FEED_SIZE, q: "", sort: "date_desc" });
  const origin = siteOrigin(services.config.BASE_URL, url);
  return calendarResponse(
    {
      name: `${settings.features.events.title} | ${settings.title}`,
      events: events.data.map((event) => icsEventOf(event, origin)),
    },
    "agenda.ics",
    feedCacheControl(services.config.BASE_URL, 300),
  );
}

export function action() {
  return plainMethodNotAllowed();
}
