import { redirect, useActionData } from "react-router";
import { userUpdateSchema } from "../../../../common/schemas/user.ts";
import { UserForm } from "../../../components/conta/user-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { idParam } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/edit";

export const USER_SAVED = "Usuário salvo com sucesso!";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const user = await services.users.get(actor, idParam(params)).catch((error: unknown) => {
    throw failureFrom(error);
  });
  return { user, canGrantSuper: actor.role === "super", editingSelf: user.id === actor.id };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor, sessionToken } = requireAdminPage(context);
  const id = idParam(params);
  const submitted = await readSubmission(request);
  const checked = validate(userUpdateSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.users.update(actor, id, checked.data, sessionToken);
    return redirect("/conta/users", { headers: { "Set-Cookie": await flashHeader("success", USER_SAVED) } });
  } catch (error) {
    return failureFrom(error, { ...submitted, password: "", current_password: "" });
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar usuário: ${loaderData.user.name}` : "Editar usuário" }];
}

export default function EditUser({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <UserForm
      // Another user starts with a fresh form.
      key={user.id}
      mode="edit"
      title="Editar usuário"
      initialValues={{ name: user.name, email: user.email, role: user.role, password: "" }}
      canGrantSuper={loaderData.canGrantSuper}
      editingSelf={loaderData.editingSelf}
      answer={useActionData<typeof action>()}
    />
  );
}
