import { NewContent, newContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/new";

export const loader = contentEditorRoutes.event.new.loader;
export const action = contentEditorRoutes.event.new.action;
export const meta = () => newContentMeta("event");

export default function NewEvent({ loaderData }: Route.ComponentProps) {
  return <NewContent kind="event" data={loaderData} />;
}
