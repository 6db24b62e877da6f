import { useEffect } from "react";
import { createPath, type Location, useNavigate } from "react-router";
import { showToast } from "../lib/toasts.ts";

const KEY = "cms:chunk-reload-at";
const ONCE_PER_MS = 60_000;
/** After a failure, how long further reload requests are taken as part of it. */
const LATE_FAILURES_MS = 5_000;

export const CHUNK_LOAD_FAILED = "Não foi possível abrir a página. Verifique sua conexão e tente novamente.";

/** Spec §8: at most one reload a minute per tab, so code that is still missing after a reload cannot loop. */
function mayReload(): boolean {
  const last = Number(window.sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < ONCE_PER_MS) return false;
  window.sessionStorage.setItem(KEY, String(Date.now()));
  return true;
}

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    message,
  );
}

/** After a deploy, old pages ask for code that no longer exists: load the page again, at most once a minute. */
export function ChunkReload({ error }: { error: unknown }) {
  useEffect(() => {
    // Not location.reload(): ChunkLoadGuard refuses script reloads it did not ask for.
    if (isChunkLoadError(error) && mayReload()) window.location.replace(window.location.href);
  }, [error]);
  return null;
}

// The parts of the Navigation API (not yet in TypeScript's DOM types) and of React Router's router used below.
type NavigateEvent = Event & { navigationType: string; cancelable: boolean };
type RouterNavigation = { state: string; location?: Location };
type RouterState = { navigation: RouterNavigation; fetchers: Map<string, { state: string }> };
type DataRouter = { state: RouterState; subscribe(listener: (state: RouterState) => void): () => void };
type RouterWindow = Window & { navigation?: EventTarget; __reactRouterDataRouter?: DataRouter };

/**
 * When the code of a page fails to load (a deploy replaced it, or the network dropped it), React
 * Router reloads the page being left: a click is lost, and a failing prefetch can reload again
 * and again. This guard, on browsers with the Navigation API (others keep React Router's reload):
 * - a navigation whose code failed loads the page asked for in full instead, at most once a
 *   minute; within the minute it is dropped with a message (React Router would wait for ever);
 * - a failure outside a navigation (a prefetch on hover, a form sent in the background) does not
 *   reload: the page stays, a failed form says so, and a click on the link is handled as above;
 * - React Router never retries code that failed in this document, so the next navigation after
 *   a failure loads its page in full once the minute is over, and one to a path that failed is
 *   dropped with the message until then.
 */
export function ChunkLoadGuard() {
  const navigate = useNavigate();
  useEffect(() => {
    const browser = window as RouterWindow;
    const router = browser.__reactRouterDataRouter;
    if (!browser.navigation || !router) return;
    const failedPaths = new Set<string>();
    let answeredKey: string | undefined;
    let failedAt = 0;

    const answer = (target: Location) => {
      answeredKey = target.key;
      if (mayReload()) {
        window.location.assign(createPath(target));
        return;
      }
      failedPaths.add(target.pathname);
      showToast("danger", CHUNK_LOAD_FAILED);
      // Ends the navigation that would otherwise wait for ever, staying where we are.
      const { pathname, search, hash } = window.location;
      navigate({ pathname, search, hash }, { replace: true, preventScrollReset: true });
    };

    const onNavigate = (event: Event) => {
      const { navigationType, cancelable } = event as NavigateEvent;
      if (navigationType !== "reload" || !cancelable) return;
      // Read from the router (React Router sets it on window for its dev tools): it is up to date
      // when the reload starts, unlike React state, which may not have rendered the navigation yet.
      const pending = router.state.navigation;
      const target = pending.state === "idle" ? undefined : pending.location;
      const late = Date.now() - failedAt < LATE_FAILURES_MS;
      if (target) {
        event.preventDefault();
        if (late && (target.key === answeredKey || createPath(target) === createPath(window.location))) return;
        failedAt = Date.now();
        answer(target);
      } else {
        event.preventDefault();
        const sending = [...router.state.fetchers.values()].some((fetcher) => fetcher.state !== "idle");
        if (sending && !late) showToast("danger", CHUNK_LOAD_FAILED);
        failedAt = Date.now();
      }
    };

    const unsubscribe = router.subscribe(({ navigation }) => {
      const target = navigation.state === "idle" ? undefined : navigation.location;
      if (!target || failedAt === 0 || target.key === answeredKey) return;
      if (failedPaths.has(target.pathname) || Date.now() - failedAt >= ONCE_PER_MS) answer(target);
    });
    browser.navigation.addEventListener("navigate", onNavigate);
    return () => {
      unsubscribe();
      browser.navigation?.removeEventListener("navigate", onNavigate);
    };
  }, [navigate]);
  return null;
}
