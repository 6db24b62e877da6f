import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { sitePaths } from "../../common/site-paths.ts";
import { useRootData } from "../root.tsx";
import { showToast } from "./toasts.ts";

export const DRAFT_RESTORED = "Recuperamos o que você tinha digitado. Confira e salve novamente.";

/** `forSignIn`: the page was left for /login to come back here, so the values are handed back. */
type Stored<V> = { userId: number; values: V; forSignIn: boolean };

const keyOf = (path: string) => `cms:draft:${path}`;

/**
 * When a save finds the session ended, the server sends the browser to /login with this page as
 * `redirectTo`. The values are kept in this tab when they are sent (call the returned function on
 * submit); leaving the page for that sign-in marks them to be handed back, leaving it any other
 * way (the save worked, the user moved on) drops them.
 */
export function useKeepDraftForSignIn<V>(): (values: V) => void {
  const { pathname, search } = useLocation();
  const { user } = useRootData();
  const here = pathname + search;
  useEffect(() => {
    const key = keyOf(here);
    return () => {
      const raw = window.sessionStorage.getItem(key);
      if (raw === null) return;
      // React Router has already moved the address when the page goes away.
      const next = window.location;
      if (next.pathname === sitePaths.login && new URLSearchParams(next.search).get("redirectTo") === here) {
        const stored = JSON.parse(raw) as Stored<V>;
        window.sessionStorage.setItem(key, JSON.stringify({ ...stored, forSignIn: true }));
      } else {
        window.sessionStorage.removeItem(key);
      }
    };
  }, [here]);
  return useCallback(
    (values: V) => {
      if (!user) return;
      const stored: Stored<V> = { userId: user.id, values, forSignIn: false };
      window.sessionStorage.setItem(keyOf(here), JSON.stringify(stored));
    },
    [here, user],
  );
}

/** The values useKeepDraftForSignIn kept for this page, handed back once and only to the same user. */
export function useDraftAfterSignIn<V>(): V | null {
  const { pathname, search } = useLocation();
  const { user } = useRootData();
  const [draft, setDraft] = useState<V | null>(null);
  useEffect(() => {
    const key = keyOf(pathname + search);
    const raw = window.sessionStorage.getItem(key);
    if (raw === null || !user) return;
    const stored = JSON.parse(raw) as Stored<V>;
    if (!stored.forSignIn) return;
    window.sessionStorage.removeItem(key);
    if (stored.userId !== user.id) return;
    setDraft(stored.values);
    showToast("success", DRAFT_RESTORED);
  }, [pathname, search, user]);
  return draft;
}
