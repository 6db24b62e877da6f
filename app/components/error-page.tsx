import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { isRouteErrorResponse } from "react-router";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** Spec §2: 404 shows 'Página não encontrada', any other status 'Ocorreu um erro'. */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Text c="dimmed" fz={48} fw={700} aria-hidden>
          {status}
        </Text>
        <Title order={1} ta="center">
          {status === 404 ? "Página não encontrada" : "Ocorreu um erro"}
        </Title>
        <Button onClick={() => window.history.back()}>Voltar</Button>
      </Stack>
    </Container>
  );
}
