import { Outlet, redirect, useNavigation } from "react-router";
import { accountPaths } from "../../../common/site-paths.ts";
import { ChunkReload } from "../../components/chunk-reload.tsx";
import { ErrorPage } from "../../components/error-page.tsx";
import { SiteFooter } from "../../components/site/site-footer.tsx";
import { SiteHeader } from "../../components/site/site-header.tsx";
import { Alert, Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/layout";
import styles from "./layout.module.css";

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
    <Container className={styles.notices}>
      <Stack gap="sm">
        {settings ? null : (
          <Alert tone="warning" title="Site não configurado">
            Este site ainda não foi configurado. Preencha o formulário abaixo para criar o administrador e começar.
          </Alert>
        )}
        {baseUrl ? null : (
          <Alert tone="info" title="O site está no ar!">
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
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden />
      <p className={styles.loadingText}>Carregando...</p>
    </div>
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
    // "site" scopes the public pages' element styles (app/styles/site.css).
    <div className={`site ${styles.frame}`}>
      <LayoutLoading section="site" />
      <SiteHeader menus={menus} />
      <SetupNotices />
      <main id="conteudo" className={styles.main}>
        {children}
      </main>
      <SiteFooter />
    </div>
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
