import { NewContent, newContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/new";

export const loader = contentEditorRoutes.page.new.loader;
export const action = contentEditorRoutes.page.new.action;
export const meta = () => newContentMeta("page");

export default function NewPage({ loaderData }: Route.ComponentProps) {
  return <NewContent kind="page" data={loaderData} />;
}
