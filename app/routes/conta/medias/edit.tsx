import { redirect, useActionData } from "react-router";
import { mediaSchema } from "../../../../common/schemas/media.ts";
import { MEDIA_LIST, MediaForm, mediaFormValues, mediaSuggestions } from "../../../components/library/media-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const MEDIA_SAVED = "Item salvo com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const [item, filters] = await Promise.all([
    services.medias.get(actor, id).catch((error: unknown) => {
      throw failureFrom(error);
    }),
    services.medias.filters(actor),
  ]);
  return { item, suggestions: mediaSuggestions(filters) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(mediaSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.medias.update(actor, id, checked.data);
    return redirect(MEDIA_LIST, { headers: { "Set-Cookie": await flashHeader("success", MEDIA_SAVED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

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
      initialValues={mediaFormValues(item)}
      suggestions={suggestions}
      saved={{ url: item.url_path, status: item.status }}
      answer={useActionData<typeof action>()}
    />
  );
}
