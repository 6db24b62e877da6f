import { data, redirect, useActionData } from "react-router";
import { userUpdateSchema } from "../../../../common/schemas/user.ts";
import { DomainError, isDomainError } from "../../../../server/modules/errors.ts";
import { UserForm } from "../../../components/conta/user-form.tsx";
import { failureFrom, readSubmission, validate } from "../../../lib/action.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/edit";

export const USER_SAVED = "Usuário salvo com sucesso!";

/** Ids are PostgreSQL `integer` columns. */
const MAX_ID = 2147483647;

/** A malformed id in the address is a missing page, not a server error. */
function userId(params: Route.LoaderArgs["params"]): number {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw data(null, { status: 404 });
  return id;
}

/**
 * The service refuses role changes (last Super, Super granted by an administrator)
 * without naming a field; the form shows them beside Perfil.
 */
function onRoleField(error: unknown): unknown {
  if (!isDomainError(error) || error.fieldErrors) return error;
  if (error.kind !== "forbidden" && error.kind !== "conflict") return error;
  return new DomainError(error.kind, error.message, { role: [error.message] });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const user = await services.users.get(actor, userId(params)).catch((error: unknown) => {
    throw failureFrom(error);
  });
  return { user, canGrantSuper: actor.role === "super" };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor, sessionToken } = requireAdminPage(context);
  const id = userId(params);
  const submitted = await readSubmission(request);
  const checked = validate(userUpdateSchema, submitted);
  if (!checked.ok) return checked.response;
  try {
    await services.users.update(actor, id, checked.data);
    // A new password signs the user out everywhere, except this browser when it is one's own account.
    if (checked.data.password) {
      await services.auth.revokeUserSessions(id, id === actor.id ? (sessionToken ?? undefined) : undefined);
    }
    return redirect("/conta/users", { headers: { "Set-Cookie": await flashHeader("success", USER_SAVED) } });
  } catch (error) {
    return failureFrom(onRoleField(error), { ...submitted, password: "" });
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
      answer={useActionData<typeof action>()}
    />
  );
}
