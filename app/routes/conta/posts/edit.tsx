import { redirect, useActionData } from "react-router";
import { postSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, contentFormValues } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const POST_SAVED = "Notícia salva com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const [post, tags] = await Promise.all([
    services.posts.get(actor, String(id)).catch((error: unknown) => {
      throw failureFrom(error);
    }),
    services.posts.tags(actor),
  ]);
  return { post, tags: tags.map((tag) => tag.tag) };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(postSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.posts.update(actor, id, checked.data);
    return redirect("/conta/posts", { headers: { "Set-Cookie": await flashHeader("success", POST_SAVED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar notícia: ${loaderData.post.title}` : "Editar notícia" }];
}

export default function EditPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <ContentForm
      // Another news item starts with a fresh form.
      key={post.id}
      kind="post"
      title="Editar notícia"
      initialValues={contentFormValues(post)}
      tagSuggestions={loaderData.tags}
      saved={{ url: post.url, status: post.status }}
      answer={useActionData<typeof action>()}
    />
  );
}
