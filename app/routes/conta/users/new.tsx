import { redirect, useActionData } from "react-router";
import { userCreateSchema } from "../../../../common/schemas/user.ts";
import { UserForm } from "../../../components/conta/user-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/new";

export const USER_CREATED = "Usuário criado com sucesso!";

export function loader({ context }: Route.LoaderArgs) {
  const { actor } = requireAdminPage(context);
  return { canGrantSuper: actor.role === "super" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  const submitted = await readSubmission(request);
  const checked = validate(userCreateSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.users.create(actor, checked.data);
    return redirect("/conta/users", { headers: { "Set-Cookie": await flashHeader("success", USER_CREATED) } });
  } catch (error) {
    return failureFrom(error, { ...submitted, password: "" });
  }
}

export function meta() {
  return [{ title: "Novo usuário" }];
}

export default function NewUser({ loaderData }: Route.ComponentProps) {
  return (
    <UserForm
      mode="new"
      title="Novo usuário"
      initialValues={{ name: "", email: "", role: "user", password: "" }}
      canGrantSuper={loaderData.canGrantSuper}
      answer={useActionData<typeof action>()}
    />
  );
}
