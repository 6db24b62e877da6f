import { useActionData } from "react-router";
import { EditUserForm } from "../../../components/conta/user-form.tsx";
import { userEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/edit";

export const loader = userEditor.edit.loader;
export const action = userEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar usuário: ${loaderData.item.name}` : "Editar usuário" }];
}

export default function EditUser({ loaderData }: Route.ComponentProps) {
  const { item: user } = loaderData;
  return (
    <EditUserForm
      // Another user starts with a fresh form.
      key={user.id}
      title="Editar usuário"
      defaultValue={{ name: user.name, email: user.email, role: user.role }}
      canGrantSuper={loaderData.canGrantSuper}
      editingSelf={loaderData.editingSelf}
      answer={useActionData()}
    />
  );
}
