import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { sitePaths } from "../../common/site-paths.ts";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export const ACCESS_DENIED = "Você não tem permissão para acessar esta página.";

/**
 * Spec §2: 404 shows 'Página não encontrada', any other status 'Ocorreu um erro'; a 403 also
 * says why. A 401 means the session is gone: the browser goes to sign in and comes back here.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (status === 401) navigate(sitePaths.loginThenBack(pathname + search), { replace: true });
  }, [status, navigate, pathname, search]);
  // A page opened in a new tab or from a bookmark has nowhere to go back to: Voltar goes home.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate("/"));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Text c="dimmed" fz={48} fw={700} aria-hidden>
          {status}
        </Text>
        <Title order={1} ta="center">
          {status === 404 ? "Página não encontrada" : "Ocorreu um erro"}
        </Title>
        {status === 403 ? <Text ta="center">{ACCESS_DENIED}</Text> : null}
        <Button onClick={back}>Voltar</Button>
      </Stack>
    </Container>
  );
}
