import { MediaForm, mediaFormValues } from "../../../components/medias/media-form.tsx";
import { mediaEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/edit";

export const loader = mediaEditor.edit.loader;
export const action = mediaEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar item: ${loaderData.item.title}` : "Editar item" }];
}

export default function EditMedia({ loaderData }: Route.ComponentProps) {
  const { item, suggestions } = loaderData;
  return (
    <MediaForm
      // Another item starts with a fresh form.
      key={item.id}
      title="Editar item da biblioteca"
      defaultValue={mediaFormValues(item)}
      suggestions={suggestions}
      saved={{ url: item.url_path, status: item.status }}
    />
  );
}
