import { redirect, useActionData } from "react-router";
import { pageSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, emptyContent } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const PAGE_CREATED = "Página criada com sucesso!";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const tags = await services.pages.tags(actor);
  return { tags: tags.map((tag) => tag.tag) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(pageSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.pages.create(actor, checked.data);
    return redirect("/conta/pages", { headers: { "Set-Cookie": await flashHeader("success", PAGE_CREATED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta() {
  return [{ title: "Nova página" }];
}

export default function NewPage({ loaderData }: Route.ComponentProps) {
  return (
    <ContentForm
      kind="page"
      title="Nova página"
      initialValues={emptyContent()}
      tagSuggestions={loaderData.tags}
      answer={useActionData<typeof action>()}
    />
  );
}
