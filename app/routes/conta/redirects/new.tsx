import { useActionData } from "react-router";
import { emptyRedirect, RedirectForm } from "../../../components/conta/redirect-form.tsx";
import { redirectEditor } from "../../../lib/account-editors.server.ts";

export const loader = redirectEditor.new.loader;
export const action = redirectEditor.new.action;

export function meta() {
  return [{ title: "Novo redirecionamento" }];
}

export default function NewRedirect() {
  return <RedirectForm title="Novo redirecionamento" defaultValue={emptyRedirect} answer={useActionData()} />;
}
