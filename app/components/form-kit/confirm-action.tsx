import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type ReactNode, useEffect } from "react";
import { Form, useActionData, useFetcher } from "react-router";
import { isFormAnswer, refusalText } from "../../lib/form-answer.ts";
import { notifyError } from "../../lib/notify.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import styles from "./confirm-action.module.css";

type ConfirmActionProps = {
  /** The action's job (`intent`) and the fields it needs, e.g. `{ id: 12 }`. */
  intent: string;
  fields?: Record<string, string | number>;
  /** The button's text, e.g. "Excluir". */
  label: string;
  /** What the button does to what, for its accessible name when only its icon shows: "Excluir a página Sobre". */
  accessibleName?: string;
  /** An icon-only button (lists), with `label` as its tooltip. */
  icon?: ReactNode;
  /** The confirmation's title and the consequence it names. */
  title: string;
  children: ReactNode;
  /** The confirming button's text: the same verb as the question ("Excluir", "Cancelar pedido"). */
  confirmLabel: string;
  /** For an action that is not destructive, the neutral colour. */
  color?: "danger" | "primary";
};

/** The hidden fields that tell the action what to do. */
function ActionFields({ intent, fields = {} }: Pick<ConfirmActionProps, "intent" | "fields">) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The action's refusal of this very button (same intent and fields), when the page was sent without JavaScript. */
function useOwnRefusal({ intent, fields = {} }: Pick<ConfirmActionProps, "intent" | "fields">): string | undefined {
  const answer = useActionData();
  if (!isFormAnswer(answer) || answer.result.status !== "error") return undefined;
  const sent = answer.result.initialValue ?? {};
  const own = sent.intent === intent && Object.entries(fields).every(([name, value]) => sent[name] === String(value));
  return own ? refusalText(answer) : undefined;
}

/**
 * An action that cannot be undone asks first, naming what will happen. With JavaScript the button opens
 * a dialog whose focus starts on "Voltar"; before the page comes to life, and without JavaScript, the
 * button opens the same question in place (a disclosure), with its own form, so one tap never does it.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const hydrated = useHydrated();
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher();
  const refusal = useOwnRefusal(props);
  const color = props.color ?? "danger";
  const name = props.accessibleName ?? props.label;
  // A success redirects (with its toast); a refusal closes the dialog and says why.
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined) return;
    close();
    if (isFormAnswer(fetcher.data)) notifyError(refusalText(fetcher.data));
  }, [fetcher.state, fetcher.data, close]);
  const question = (
    <>
      <Text component="div">{props.children}</Text>
      <Text size="sm" c="dimmed">
        Esta ação não pode ser desfeita.
      </Text>
    </>
  );

  if (!hydrated) {
    return (
      <details className={styles.disclosure} open={refusal !== undefined}>
        <summary className={styles.summary} aria-label={props.icon ? name : undefined}>
          {props.label}
        </summary>
        <Form method="post" className={styles.panel} aria-label={props.title}>
          <ActionFields intent={props.intent} fields={props.fields} />
          <Stack gap="xs">
            <Text fw={600}>{props.title}</Text>
            {refusal ? (
              <Alert color="danger" role="alert">
                {refusal}
              </Alert>
            ) : null}
            {question}
            <Button type="submit" color={color} w="fit-content">
              {props.confirmLabel}
            </Button>
          </Stack>
        </Form>
      </details>
    );
  }

  return (
    <>
      {props.icon ? (
        <Tooltip label={props.label}>
          <ActionIcon variant="subtle" color={color} onClick={open} aria-label={name}>
            {props.icon}
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button color={color} variant="light" onClick={open} w="fit-content">
          {props.label}
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={props.title} centered>
        <fetcher.Form method="post">
          <ActionFields intent={props.intent} fields={props.fields} />
          <Stack>
            {question}
            <Group justify="flex-end">
              {/* Focus starts on the safe choice. */}
              <Button variant="default" onClick={close} data-autofocus>
                Voltar
              </Button>
              <Button type="submit" color={color} loading={fetcher.state !== "idle"}>
                {props.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
