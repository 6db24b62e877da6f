import { useActionData } from "react-router";
import { RedirectForm } from "../../../components/conta/redirect-form.tsx";
import { redirectEditor } from "../../../lib/account-editors.server.ts";
import type { Route } from "./+types/edit";

export const loader = redirectEditor.edit.loader;
export const action = redirectEditor.edit.action;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Editar redirecionamento: ${loaderData.item.from}` : "Editar redirecionamento" }];
}

export default function EditRedirect({ loaderData }: Route.ComponentProps) {
  const { item: redirect } = loaderData;
  return (
    <RedirectForm
      // Another redirect starts with a fresh form.
      key={redirect.id}
      title="Editar redirecionamento"
      defaultValue={{ from: redirect.from, to: redirect.to }}
      source={redirect.source}
      answer={useActionData()}
    />
  );
}
