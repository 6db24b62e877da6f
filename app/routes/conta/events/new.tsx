import { redirect, useActionData } from "react-router";
import { eventSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, emptyContent } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const EVENT_CREATED = "Evento criado com sucesso!";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const tags = await services.events.tags(actor);
  return { tags: tags.map((tag) => tag.tag) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(eventSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.events.create(actor, checked.data);
    return redirect("/conta/events", { headers: { "Set-Cookie": await flashHeader("success", EVENT_CREATED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta() {
  return [{ title: "Novo evento" }];
}

export default function NewEvent({ loaderData }: Route.ComponentProps) {
  return (
    <ContentForm
      kind="event"
      title="Novo evento"
      initialValues={emptyContent()}
      tagSuggestions={loaderData.tags}
      answer={useActionData<typeof action>()}
    />
  );
}
