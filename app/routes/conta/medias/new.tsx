import { emptyMedia, MediaForm } from "../../../components/medias/media-form.tsx";
import { mediaEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/new";

export const loader = mediaEditor.new.loader;
export const action = mediaEditor.new.action;

export function meta() {
  return [{ title: "Novo item da biblioteca" }];
}

export default function NewMedia({ loaderData }: Route.ComponentProps) {
  return <MediaForm title="Novo item da biblioteca" defaultValue={emptyMedia} suggestions={loaderData.suggestions} />;
}
