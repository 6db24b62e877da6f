import { ContentListScreen, contentListMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/list";

export const loader = contentEditorRoutes.event.list.loader;
export const action = contentEditorRoutes.event.list.action;
export const meta = ({ loaderData }: Route.MetaArgs) => contentListMeta("event", loaderData);

export default function EventsList({ loaderData }: Route.ComponentProps) {
  return <ContentListScreen kind="event" data={loaderData} />;
}
