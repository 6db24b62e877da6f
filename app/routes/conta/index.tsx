import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { AppLink } from "../../components/app-link.tsx";
import { accountLinks } from "../../components/conta/account-links.ts";
import { useRootData } from "../../root.tsx";

export function meta() {
  return [{ title: "Minha conta" }];
}

export default function AccountHome() {
  const { user, settings } = useRootData();
  if (!user) return null;
  return (
    <Stack>
      <Title order={1} size="h2">
        Olá, {user.name}
      </Title>
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
