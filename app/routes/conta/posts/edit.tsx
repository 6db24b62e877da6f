import { EditContent, editContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/edit";

export const loader = contentEditorRoutes.post.edit.loader;
export const action = contentEditorRoutes.post.edit.action;
export const meta = ({ loaderData }: Route.MetaArgs) => editContentMeta("post", loaderData);

export default function EditPost({ loaderData }: Route.ComponentProps) {
  return <EditContent kind="post" data={loaderData} />;
}
