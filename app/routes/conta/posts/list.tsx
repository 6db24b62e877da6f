import { ContentListScreen, contentListMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/list";

export const loader = contentEditorRoutes.post.list.loader;
export const action = contentEditorRoutes.post.list.action;
export const meta = ({ loaderData }: Route.MetaArgs) => contentListMeta("post", loaderData);

export default function PostsList({ loaderData }: Route.ComponentProps) {
  return <ContentListScreen kind="post" data={loaderData} />;
}
