import { redirect, useActionData } from "react-router";
import { eventSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, contentFormValues } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const EVENT_SAVED = "Evento salvo com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const [event, tags] = await Promise.all([
    services.events.get(actor, String(id)).catch((error: unknown) => {
      throw failureFrom(error);
    }),
    services.events.tags(actor),
  ]);
  return { event, tags: tags.map((tag) => tag.tag) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(eventSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.events.update(actor, id, checked.data);
    return redirect("/conta/events", { headers: { "Set-Cookie": await flashHeader("success", EVENT_SAVED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar evento: ${loaderData.event.title}` : "Editar evento" }];
}

export default function EditEvent({ loaderData }: Route.ComponentProps) {
  const { event } = loaderData;
  return (
    <ContentForm
      // Another event starts with a fresh form.
      key={event.id}
      kind="event"
      title="Editar evento"
      initialValues={contentFormValues(event)}
      tagSuggestions={loaderData.tags}
      saved={{ url: event.url, status: event.status }}
      answer={useActionData<typeof action>()}
    />
  );
}
