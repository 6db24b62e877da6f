import { redirect, useActionData } from "react-router";
import { pageSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, contentFormValues } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const PAGE_SAVED = "Página salva com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const [page, tags] = await Promise.all([
    services.pages.get(actor, String(id)).catch((error: unknown) => {
      throw failureFrom(error);
    }),
    services.pages.tags(actor),
  ]);
  return { page, tags: tags.map((tag) => tag.tag) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(pageSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.pages.update(actor, id, checked.data);
    return redirect("/conta/pages", { headers: { "Set-Cookie": await flashHeader("success", PAGE_SAVED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar página: ${loaderData.page.title}` : "Editar página" }];
}

export default function EditPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <ContentForm
      // Another page starts with a fresh form.
      key={page.id}
      kind="page"
      title="Editar página"
      initialValues={contentFormValues(page)}
      tagSuggestions={loaderData.tags}
      saved={{ url: page.url, status: page.status }}
      answer={useActionData<typeof action>()}
    />
  );
}
