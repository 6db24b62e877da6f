import { buildCalendar, type IcsEvent } from "../../common/ics.ts";
import { stripHtml } from "../../common/seo.ts";
import type { EventView } from "../../common/views/content.ts";

/** One agenda event as a VEVENT; `origin` is the site's public address (BASE_URL or the request's). */
export function icsEventOf(event: EventView, origin: string): IcsEvent {
  const url = `${origin}${event.url}`;
  const about = event.summary || stripHtml(event.content);
  const online = event.online_url ? `Online: ${event.online_url}` : "";
  const place = [event.place_name, event.place_address].filter(Boolean).join(", ");
  return {
    uid: `${event.id}@${new URL(origin).hostname}`,
    start: event.start_at,
    end: event.end_at,
    summary: event.title,
    description: [about, online, `Mais informações: ${url}`].filter(Boolean).join("\n\n"),
    location: place || event.online_url,
    url,
    updatedAt: event.updated_at,
  };
}

/** An .ics answer that browsers save as `filename`, kept as long as `cacheControl` says. */
export function calendarResponse(
  calendar: { events: IcsEvent[]; name?: string },
  filename: string,
  cacheControl: string,
): Response {
  return new Response(buildCalendar(calendar), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^a-zA-Z0-9._-]/g, "-")}"`,
      "Cache-Control": cacheControl,
    },
  });
}
