import { Button, type ButtonProps, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";

/*
 * The parts of a list of rows in an account form (the shop's table rates, the Correios services, a product's
 * options). Adding and removing a row are Conform's list changes: its buttons submit them, handled in the
 * browser with JavaScript, or by the action without it (the page comes back with the row added or removed).
 */

/** What Conform's `form.insert.getButtonProps` and `form.remove.getButtonProps` give a button. */
type ListChange = { name: string; value: string; form: string; formNoValidate: boolean };

/** A list's own errors (no rows, two rows alike), under its rows. */
export function ListErrors({ field }: { field: { errors?: string[] } }) {
  const text = field.errors?.join(" ");
  return text ? (
    <Text size="sm" c="var(--mantine-color-error)">
      {text}
    </Text>
  ) : null;
}

/** The button that adds a row; `children` says what it adds ("Adicionar serviço"). */
export function AddRowButton({
  change,
  children,
  ...props
}: { change: ListChange; children: ReactNode } & ButtonProps) {
  return (
    <Button
      {...change}
      type="submit"
      variant="light"
      size="xs"
      leftSection={<IconPlus size={16} aria-hidden />}
      {...props}
    >
      {children}
    </Button>
  );
}

/** A row's "Remover"; `label` names the row for screen readers ("Remover o serviço 2"). */
export function RemoveRowButton({ change, label, ...props }: { change: ListChange; label: string } & ButtonProps) {
  return (
    <Button
      {...change}
      type="submit"
      variant="subtle"
      color="danger"
      size="xs"
      leftSection={<IconTrash size={16} aria-hidden />}
      aria-label={label}
      {...props}
    >
      Remover
    </Button>
  );
}
