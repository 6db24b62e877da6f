import { EditContent, editContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/edit";

export const loader = contentEditorRoutes.event.edit.loader;
export const action = contentEditorRoutes.event.edit.action;
export const meta = ({ loaderData }: Route.MetaArgs) => editContentMeta("event", loaderData);

export default function EditEvent({ loaderData }: Route.ComponentProps) {
  return <EditContent kind="event" data={loaderData} />;
}
