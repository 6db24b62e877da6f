import "./styles/site.css";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { fileUrl } from "../common/file-url.ts";
import type { Route } from "./+types/root";
import { ChunkLoadGuard, ChunkReload } from "./components/chunk-reload.tsx";
import { ErrorPage } from "./components/error-page.tsx";
import { FlashToast } from "./components/flash-toast.tsx";
import { NavigationProgressBar } from "./components/navigation-progress.tsx";
import { OfflineIndicator } from "./components/offline-indicator.tsx";
import { ConsentBanner } from "./components/site/consent-banner.tsx";
import { Toasts } from "./components/toasts.tsx";
import { getApp } from "./lib/context.server.ts";
import { takeFlash } from "./lib/flash.server.ts";
import { refuseCrossSiteWrites } from "./lib/same-origin.server.ts";
import { siteFontPreload, siteThemeCss } from "./lib/site-theme.ts";

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

/**
 * The document. No UI library here: public pages are plain HTML with CSS modules, and the account
 * area brings Mantine in its own layout (docs/decisions/0009-lean-public-pages.md).
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const settings = root?.settings ?? null;
  const favicon = settings?.site_favicon?.url;
  return (
    <html lang="pt-BR" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={favicon ? fileUrl(favicon, root?.filesUrl ?? undefined) : "/favicon.svg"} />
        <link rel="preload" as="font" type="font/woff2" href={siteFontPreload(settings)} crossOrigin="" />
        <style>{siteThemeCss(settings)}</style>
        <Meta />
        <Links />
      </head>
      <body>
        <NavigationProgressBar />
        <ChunkLoadGuard />
        <Toasts />
        <OfflineIndicator />
        {children}
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
