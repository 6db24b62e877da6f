import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";

export const NAMES_HINT = "Sobrenome, Nome — entre chaves para instituições: {Embrapa}";

/** Limit of `authors` and `organizers` in common/schemas/media.ts. */
const MAX_NAMES = 100;

/**
 * An ordered list of names (authors, organisers): the order is the citation's order, so each
 * name can move up and down. An empty list still shows one empty field to type into.
 */
export function NamesField(props: {
  /** e.g. Autores */
  legend: string;
  /** e.g. Autor: each field is named "Autor 1", "Autor 2"... */
  singular: string;
  /** e.g. Adicionar autor */
  addLabel: string;
  value: string[];
  onChange: (names: string[]) => void;
  /** The list's own error and each name's, by position. */
  error?: React.ReactNode;
  itemErrors: (index: number) => React.ReactNode;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  // After adding or moving a name, the keyboard focus follows it: [position, control].
  const [focus, setFocus] = useState<[number, "input" | "up" | "down"] | null>(null);
  useEffect(() => {
    if (!focus) return;
    const [index, control] = focus;
    const target = box.current?.querySelector<HTMLElement>(`[data-name-index="${index}"][data-control="${control}"]`);
    const fallback = box.current?.querySelector<HTMLElement>(`[data-name-index="${index}"][data-control="input"]`);
    (target && !target.hasAttribute("disabled") ? target : fallback)?.focus();
    setFocus(null);
  }, [focus]);

  const rows = props.value.length > 0 ? props.value : [""];
  const label = (index: number) => `${props.singular} ${index + 1}`;
  const lower = props.singular.toLowerCase();
  const change = (index: number, name: string) => props.onChange(rows.map((old, at) => (at === index ? name : old)));
  const remove = (index: number) => props.onChange(rows.filter((_, at) => at !== index));
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const next = [...rows];
    [next[index], next[target]] = [next[target] ?? "", next[index] ?? ""];
    props.onChange(next);
    setFocus([target, by < 0 ? "up" : "down"]);
  };
  const add = () => {
    props.onChange([...rows, ""]);
    setFocus([rows.length, "input"]);
  };

  return (
    <Fieldset ref={box} legend={props.legend} variant="unstyled">
      <Stack gap={6}>
        <Text size="xs" c="dimmed">
          {NAMES_HINT}
        </Text>
        {rows.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the fields are controlled; a position is the row's identity
          <Group key={index} gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={label(index)}
              value={name}
              onChange={(event) => change(index, event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter starts the next name instead of submitting the whole form.
                if (event.key === "Enter") {
                  event.preventDefault();
                  if (name.trim() !== "" && rows.length < MAX_NAMES) add();
                }
              }}
              placeholder="Sobrenome, Nome"
              maxLength={200}
              error={props.itemErrors(index)}
              data-name-index={index}
              data-control="input"
              style={{ flex: 1 }}
            />
            <Tooltip label="Mover para cima">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`Mover ${lower} ${index + 1} para cima`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                data-name-index={index}
                data-control="up"
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Mover para baixo">
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={`Mover ${lower} ${index + 1} para baixo`}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                data-name-index={index}
                data-control="down"
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remover">
              <ActionIcon
                variant="subtle"
                color="danger"
                size="lg"
                aria-label={`Remover ${lower} ${index + 1}`}
                disabled={rows.length === 1 && name === ""}
                onClick={() => remove(index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        {props.error ? (
          <Text size="sm" c="var(--mantine-color-error)">
            {props.error}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={add}
            disabled={rows.length >= MAX_NAMES}
          >
            {props.addLabel}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
