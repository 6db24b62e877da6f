import { redirect, useActionData } from "react-router";
import { mediaSchema } from "../../../../common/schemas/media.ts";
import { emptyMedia, MEDIA_LIST, MediaForm, mediaSuggestions } from "../../../components/library/media-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const MEDIA_CREATED = "Item criado com sucesso!";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  return { suggestions: mediaSuggestions(await services.medias.filters(actor)) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(mediaSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.medias.create(actor, checked.data);
    return redirect(MEDIA_LIST, { headers: { "Set-Cookie": await flashHeader("success", MEDIA_CREATED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta() {
  return [{ title: "Novo item da biblioteca" }];
}

export default function NewMedia({ loaderData }: Route.ComponentProps) {
  return (
    <MediaForm
      title="Novo item da biblioteca"
      initialValues={emptyMedia}
      suggestions={loaderData.suggestions}
      answer={useActionData<typeof action>()}
    />
  );
}
