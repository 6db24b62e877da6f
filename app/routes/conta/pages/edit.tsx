import { EditContent, editContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/edit";

export const loader = contentEditorRoutes.page.edit.loader;
export const action = contentEditorRoutes.page.edit.action;
export const meta = ({ loaderData }: Route.MetaArgs) => editContentMeta("page", loaderData);

export default function EditPage({ loaderData }: Route.ComponentProps) {
  return <EditContent kind="page" data={loaderData} />;
}
