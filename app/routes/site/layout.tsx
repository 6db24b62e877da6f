import { Alert, Box, Center, Container, Loader, Stack, Text } from "@mantine/core";
import { Outlet, redirect, useNavigation } from "react-router";
import { accountPaths } from "../../../common/site-paths.ts";
import { ChunkReload } from "../../components/chunk-reload.tsx";
import { ErrorPage } from "../../components/error-page.tsx";
import { SiteFooter } from "../../components/site/site-footer.tsx";
import { SiteHeader } from "../../components/site/site-header.tsx";
import { getApp } from "../../lib/context.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/layout";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = getApp(context);
  // Until the first-time setup runs, the only public page is the setup form at /.
  if (!(await services.settings.get()) && url.pathname !== "/") throw redirect("/");
  return { menus: await services.menus.listEnabled() };
}

function SetupNotices() {
  const { settings, baseUrl } = useRootData();
  if (settings && baseUrl) return null;
  return (
    <Container size="lg" pt="md">
      <Stack gap="sm">
        {settings ? null : (
          <Alert color="warning" variant="light" title="Site não configurado">
            Este site ainda não foi configurado. Preencha o formulário abaixo para criar o administrador e começar.
          </Alert>
        )}
        {baseUrl ? null : (
          <Alert color="info" variant="light" title="O site está no ar!">
            Para concluir a publicação, aponte o domínio do site para este servidor e defina a variável de ambiente
            BASE_URL com o endereço público (por exemplo, https://www.minhacooperativa.org.br).
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

/** Spec §4: a spinner labelled 'Carregando...' while the layout loads. */
export function LayoutLoading({ section }: { section: "site" | "conta" }) {
  const navigation = useNavigation();
  const target = navigation.location?.pathname;
  const leaving =
    navigation.state === "loading" && target !== undefined && accountPaths.contains(target) !== (section === "conta");
  if (!leaving) return null;
  return (
    <Center
      pos="fixed"
      inset={0}
      style={{ zIndex: 300, background: "rgba(255,255,255,0.7)" }}
      role="status"
      aria-live="polite"
    >
      <Stack align="center" gap="xs">
        <Loader />
        <Text>Carregando...</Text>
      </Stack>
    </Center>
  );
}

function SiteFrame({
  children,
  menus,
}: {
  children: React.ReactNode;
  menus: Route.ComponentProps["loaderData"]["menus"];
}) {
  return (
    <Box style={{ display: "flex", flexDirection: "column", minHeight: "100vh" }}>
      <LayoutLoading section="site" />
      <SiteHeader menus={menus} />
      <SetupNotices />
      <Box component="main" id="conteudo" style={{ flex: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteFrame menus={loaderData.menus}>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame menus={loaderData?.menus ?? []}>
      <ChunkReload error={error} />
      <ErrorPage error={error} />
    </SiteFrame>
  );
}
