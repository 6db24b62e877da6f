import { ActionIcon, Button, Fieldset, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { type Field, TextField } from "../form-kit/fields.tsx";
import { ListErrors } from "../form-kit/list-fields.tsx";

export const NAMES_HINT = "Sobrenome, Nome — entre chaves para instituições: {Embrapa}";

/** Limit of `authors` and `organizers` in common/schemas/media.ts. */
const MAX_NAMES = 100;

/** Conform's list changes as buttons: they work in the browser, and without JavaScript through the action. */
type ButtonProps = { name: string; value: string; form: string; formNoValidate: boolean };
type NameListControls = {
  remove: { getButtonProps: (payload: { name: string; index: number }) => ButtonProps };
  reorder: { getButtonProps: (payload: { name: string; from: number; to: number }) => ButtonProps };
};

type NameItem = Field & { value: unknown };
type Control = "input" | "up" | "down";

/**
 * An ordered list of names (authors, organisers): the order is the citation's order, so each name can
 * move up and down. The names are the form's own fields, so they are typed before the page comes to life
 * and without JavaScript; adding, moving and removing are the form's list changes (a round trip to the
 * action without JavaScript). The form gives an empty list one empty name to type into.
 */
export function NamesField(props: {
  form: NameListControls;
  /** Conform's insert of an empty name (`form.insert.getButtonProps`). */
  addButton: ButtonProps;
  field: Field & { getFieldList: () => NameItem[] };
  /** e.g. Autores */
  legend: string;
  /** e.g. Autor: each field is named "Autor 1", "Autor 2"... */
  singular: string;
  /** e.g. Adicionar autor */
  addLabel: string;
}) {
  const { form, field } = props;
  const names = field.getFieldList();
  const box = useRef<HTMLFieldSetElement>(null);
  // After adding or moving a name, the keyboard focus follows it, once the list has changed.
  const order = names.map((name) => name.key).join();
  const focus = useRef<{ index: number; control: Control; order: string } | null>(null);
  const follow = (index: number, control: Control) => {
    focus.current = { index, control, order };
  };
  useEffect(() => {
    const wanted = focus.current;
    if (!wanted || wanted.order === order) return;
    focus.current = null;
    const { index, control } = wanted;
    const target = box.current?.querySelector<HTMLElement>(`[data-name-index="${index}"][data-control="${control}"]`);
    const fallback = box.current?.querySelector<HTMLElement>(`[data-name-index="${index}"][data-control="input"]`);
    (target && !target.hasAttribute("disabled") ? target : fallback)?.focus();
  }, [order]);
  const lower = props.singular.toLowerCase();
  const full = names.length >= MAX_NAMES;

  return (
    <Fieldset ref={box} legend={props.legend} variant="unstyled">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {NAMES_HINT}
        </Text>
        {names.map((name, index) => {
          const move = (to: number, control: Control) => ({
            ...form.reorder.getButtonProps({ name: field.name, from: index, to }),
            type: "submit" as const,
            onClick: () => follow(to, control),
            "data-name-index": index,
            "data-control": control,
          });
          return (
            <Group key={name.key} gap={4} wrap="nowrap" align="flex-start">
              <TextField
                field={name}
                aria-label={`${props.singular} ${index + 1}`}
                placeholder="Sobrenome, Nome"
                maxLength={200}
                onKeyDown={(event) => {
                  // Enter starts the next name instead of submitting the whole form.
                  if (event.key !== "Enter") return;
                  event.preventDefault();
                  if (event.currentTarget.value.trim() === "" || full) return;
                  follow(names.length, "input");
                  event.currentTarget.form?.requestSubmit(
                    event.currentTarget.form.querySelector<HTMLButtonElement>(`[data-add="${field.name}"]`),
                  );
                }}
                data-name-index={index}
                data-control="input"
                style={{ flex: 1 }}
              />
              <Tooltip label="Mover para cima">
                <ActionIcon
                  {...move(index - 1, "up")}
                  variant="subtle"
                  size="lg"
                  aria-label={`Mover ${lower} ${index + 1} para cima`}
                  disabled={index === 0}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Mover para baixo">
                <ActionIcon
                  {...move(index + 1, "down")}
                  variant="subtle"
                  size="lg"
                  aria-label={`Mover ${lower} ${index + 1} para baixo`}
                  disabled={index === names.length - 1}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Remover">
                <ActionIcon
                  {...form.remove.getButtonProps({ name: field.name, index })}
                  type="submit"
                  variant="subtle"
                  color="danger"
                  size="lg"
                  aria-label={`Remover ${lower} ${index + 1}`}
                  disabled={names.length === 1 && !name.value}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
        <ListErrors field={field} />
        <Group>
          <Button
            {...props.addButton}
            type="submit"
            data-add={field.name}
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => follow(names.length, "input")}
            disabled={full}
          >
            {props.addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
