import { ContentListScreen, contentListMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/list";

export const loader = contentEditorRoutes.page.list.loader;
export const action = contentEditorRoutes.page.list.action;
export const meta = ({ loaderData }: Route.MetaArgs) => contentListMeta("page", loaderData);

export default function PagesList({ loaderData }: Route.ComponentProps) {
  return <ContentListScreen kind="page" data={loaderData} />;
}
