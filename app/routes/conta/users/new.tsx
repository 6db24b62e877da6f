import { useActionData } from "react-router";
import { NewUserForm } from "../../../components/conta/user-form.tsx";
import { userEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/new";

export const loader = userEditor.new.loader;
export const action = userEditor.new.action;

export function meta() {
  return [{ title: "Novo usuário" }];
}

export default function NewUser({ loaderData }: Route.ComponentProps) {
  return (
    <NewUserForm
      title="Novo usuário"
      defaultValue={{ name: "", email: "", role: "user" }}
      canGrantSuper={loaderData.canGrantSuper}
      answer={useActionData()}
    />
  );
}
