import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "@mantine/nprogress/styles.css";
import "./styles/fonts.css";
import "./styles/app.css";
import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useContext, useMemo } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { fileUrl } from "../common/file-url.ts";
import type { Route } from "./+types/root";
import { ChunkLoadGuard, ChunkReload } from "./components/chunk-reload.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { FlashToast } from "./components/flash-toast.tsx";
import { NavigationProgressBar } from "./components/navigation-progress.tsx";
import { OfflineIndicator } from "./components/offline-indicator.tsx";
import { ConsentBanner } from "./components/site/consent-banner.tsx";
import { getApp } from "./lib/context.server.ts";
import { CspNonce } from "./lib/csp-nonce.ts";
import { takeFlash } from "./lib/flash.server.ts";
import { refuseCrossSiteWrites } from "./lib/same-origin.server.ts";
import { buildTheme } from "./lib/theme.ts";

export const middleware: Route.MiddlewareFunction[] = [refuseCrossSiteWrites];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  const settings = await services.settings.get();
  const { flash, clear } = await takeFlash(request);
  const headers = clear ? { "Set-Cookie": clear } : undefined;
  return data(
    {
      settings,
      user: actor ? { id: actor.id, name: actor.name, role: actor.role } : null,
      flash,
      baseUrl: services.config.BASE_URL ?? null,
      filesUrl: services.config.FILES_URL ?? null,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData {
  const value = useRouteLoaderData<typeof loader>("root");
  if (!value) throw new Error("root data is missing");
  return value;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const settings = root?.settings ?? null;
  const theme = useMemo(() => buildTheme(settings), [settings]);
  const favicon = settings?.site_favicon?.url;
  const nonce = useContext(CspNonce);
  return (
    <html lang="pt-BR" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={favicon ? fileUrl(favicon, root?.filesUrl ?? undefined) : "/favicon.svg"} />
        <Meta />
        <Links />
        <ColorSchemeScript forceColorScheme="light" nonce={nonce} />
      </head>
      <body>
        <MantineProvider theme={theme} forceColorScheme="light">
          <NavigationProgressBar />
          <ChunkLoadGuard />
          <Notifications autoClose={7000} position="top-right" styles={{ root: { maxWidth: 350 } }} />
          <OfflineIndicator />
          {children}
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export function meta({ loaderData: root }: Route.MetaArgs) {
  return [{ title: root?.settings?.title ?? "cms" }];
}

/** The account area is not the public site: no analytics there. */
const isAccountPath = (pathname: string) => /^\/conta(\/|$)/.test(pathname);

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const gtag = loaderData.settings?.gtag;
  return (
    <>
      <FlashToast flash={loaderData.flash} />
      <Outlet />
      {gtag && !isAccountPath(pathname) ? <ConsentBanner gtagId={gtag} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <>
      <ChunkReload error={error} />
      <ErrorPage error={error} />
    </>
  );
}
