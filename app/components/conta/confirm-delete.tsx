import { ActionIcon, Button, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { notifyError } from "../../lib/notify.ts";

type Answer = { ok: boolean; message?: string } | undefined;

/**
 * A delete button that asks first. The confirmation posts `intent=delete` and the
 * given fields to the current route's action; a success answers with a redirect
 * (and a flash toast), a refusal is shown here as an error toast.
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
  const [opened, { open, close }] = useDisclosure(false);
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer) return;
    close();
    if (!answer.ok) notifyError(answer);
    // Only a new answer from the server should close the dialog.
  }, [fetcher.state, fetcher.data, close]);

  return (
    <>
      {props.withLabel ? (
        <Button color="danger" variant="light" leftSection={<IconTrash size={16} aria-hidden />} onClick={open}>
          Excluir
        </Button>
      ) : (
        <Tooltip label="Excluir">
          <ActionIcon variant="subtle" color="danger" onClick={open} aria-label={`Excluir ${props.subject}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Modal opened={opened} onClose={close} title={props.title} centered>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          {Object.entries(props.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Stack>
            <Text component="div">{props.children}</Text>
            <Text size="sm" c="dimmed">
              Esta ação não pode ser desfeita.
            </Text>
            <Group justify="flex-end">
              {/* Focus starts on the safe choice. */}
              <Button variant="default" onClick={close} disabled={busy} data-autofocus>
                Cancelar
              </Button>
              <Button type="submit" color="danger" loading={busy}>
                Excluir
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Modal>
    </>
  );
}
