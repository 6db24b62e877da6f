import { redirect, useActionData } from "react-router";
import { toSaoPauloLocal } from "../../../../common/sao-paulo-time.ts";
import { postSchema } from "../../../../common/schemas/content.ts";
import { ContentForm, emptyContent } from "../../../components/conta/content-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const POST_CREATED = "Notícia criada com sucesso!";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const tags = await services.posts.tags(actor);
  // A new item is published now unless the administrator picks another moment.
  return { tags: tags.map((tag) => tag.tag), now: toSaoPauloLocal(new Date()) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(postSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.posts.create(actor, checked.data);
    return redirect("/conta/posts", { headers: { "Set-Cookie": await flashHeader("success", POST_CREATED) } });
  } catch (error) {
    return failureFrom(error, submitted);
  }
}

export function meta() {
  return [{ title: "Nova notícia" }];
}

export default function NewPost({ loaderData }: Route.ComponentProps) {
  return (
    <ContentForm
      kind="post"
      title="Nova notícia"
      initialValues={emptyContent({ published_at: loaderData.now })}
      tagSuggestions={loaderData.tags}
      answer={useActionData<typeof action>()}
    />
  );
}
