import { Alert, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { AppLink } from "../../components/app-link.tsx";
import { accountLinks } from "../../components/conta/account-links.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/index";

/**
 * What administrators must know before they count on the site: password reset e-mails wait for BASE_URL;
 * secrets kept in clear without SECRETS_KEY, or sealed under a key this server has not.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  return {
    resetMailNotice: services.auth.resetMailNotice(actor),
    secretsNotices: await services.secrets.notices(actor),
  };
}

export function meta() {
  return [{ title: "Minha conta" }];
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const { user, settings } = useRootData();
  if (!user) return null;
  return (
    <Stack>
      <Title order={1} size="h2">
        Olá, {user.name}
      </Title>
      {loaderData.resetMailNotice ? (
        <Alert color="warning" variant="light" title="E-mails de redefinição de senha desligados" role="note">
          {loaderData.resetMailNotice}
        </Alert>
      ) : null}
      {loaderData.secretsNotices.map((notice) => (
        <Alert key={notice.title} color="warning" variant="light" title={notice.title} role="note">
          {notice.message}
        </Alert>
      ))}
      <Text c="dimmed">Escolha o que deseja fazer.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {accountLinks(user, settings?.features ?? null).map((link) => (
          <UnstyledButton key={link.to} component={AppLink} to={link.to}>
            <Paper withBorder p="md">
              <Text fw={600}>{link.label}</Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
