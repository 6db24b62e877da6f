import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconMailOpened } from "@tabler/icons-react";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDelete } from "../../../components/conta/confirm-delete.tsx";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { intentAction } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import type { Route } from "./+types/show";

/** Opening a message marks it read. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const id = idParam(params);
  return { contact: await loadOr404(() => services.contacts.open(actor, id)) };
}

// Both actions leave the page: staying would load it again and mark the message read once more.
export function action({ context, params, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  const id = idParam(params);
  const contacts = accountPaths.area("contacts");
  return intentAction(request, {
    unread: async () => {
      await services.contacts.setRead(actor, id, false);
      return redirectWithFlash(contacts, "Mensagem marcada como não lida.");
    },
    delete: async () => {
      await services.contacts.remove(actor, id);
      return redirectWithFlash(contacts, "Mensagem excluída.");
    },
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Mensagem de ${loaderData.contact.name}` : "Mensagem" }];
}

export default function ContactMessage({ loaderData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const navigation = useNavigation();
  const markingUnread = navigation.state === "submitting" && navigation.formData?.get("intent") === "unread";
  return (
    <Stack>
      <Button
        component={AppLink}
        to={accountPaths.area("contacts")}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        w="fit-content"
      >
        Voltar para os contatos
      </Button>
      <Title order={1} size="h2">
        Mensagem de {contact.name}
      </Title>
      <Paper withBorder p="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                Nome
              </Text>
              <Text component="dd" m={0} fw={600}>
                {contact.name}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                E-mail
              </Text>
              <Text component="dd" m={0} style={{ wordBreak: "break-all" }}>
                <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                Recebida em
              </Text>
              <Text component="dd" m={0}>
                {formatDateTime(contact.created_at)}
              </Text>
            </div>
          </SimpleGrid>
          <div>
            <Group gap="xs" mb={4}>
              <Title order={2} size="h5">
                Mensagem
              </Title>
              {contact.read_at ? (
                <Badge color="gray" variant="light" size="sm">
                  Lida em {formatDateTime(contact.read_at)}
                </Badge>
              ) : null}
            </Group>
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="contact-message">
              {contact.message}
            </Text>
          </div>
        </Stack>
      </Paper>
      <Group>
        <Form method="post">
          <input type="hidden" name="intent" value="unread" />
          <Button
            type="submit"
            variant="default"
            leftSection={<IconMailOpened size={16} aria-hidden />}
            loading={markingUnread}
          >
            Marcar como não lida
          </Button>
        </Form>
        <ConfirmDelete subject={`a mensagem de ${contact.name}`} title="Excluir mensagem" fields={{}} withLabel>
          A mensagem de “{contact.name}” ({contact.email}) será excluída.
        </ConfirmDelete>
      </Group>
    </Stack>
  );
}
