import { IconTrash } from "@tabler/icons-react";
import { ConfirmAction } from "../form-kit/confirm-action.tsx";

/**
 * The account lists' delete button: asks first (app/components/form-kit/confirm-action.tsx), then posts
 * `intent=delete` and the given fields to the current route's action; a success answers with a redirect
 * (and a flash toast), a refusal is said where the question was.
 */
export function ConfirmDelete(props: {
  /** What is being deleted, for the button's accessible name, e.g. `a mensagem de Ana`. */
  subject: string;
  title: string;
  children: React.ReactNode;
  fields: Record<string, string | number>;
  /** The full button with text instead of an icon, for detail pages. */
  withLabel?: boolean;
}) {
  return (
    <ConfirmAction
      intent="delete"
      fields={props.fields}
      label="Excluir"
      accessibleName={`Excluir ${props.subject}`}
      icon={props.withLabel ? undefined : <IconTrash size={18} aria-hidden />}
      title={props.title}
      confirmLabel="Excluir"
    >
      {props.children}
    </ConfirmAction>
  );
}
