import { NewContent, newContentMeta } from "../../../components/conta/content-screens.tsx";
import { contentEditorRoutes } from "../../../lib/content-editor-routes.server.ts";
import type { Route } from "./+types/new";

export const loader = contentEditorRoutes.post.new.loader;
export const action = contentEditorRoutes.post.new.action;
export const meta = () => newContentMeta("post");

export default function NewPost({ loaderData }: Route.ComponentProps) {
  return <NewContent kind="post" data={loaderData} />;
}
