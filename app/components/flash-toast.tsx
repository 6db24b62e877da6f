import { useEffect, useRef } from "react";
import { showToast } from "../lib/toasts.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import styles from "./flash-toast.module.css";

type Flash = { id: string; type: "success" | "error"; message: string } | null;

/**
 * Shows a message the server left for this page (a save, the first-time setup) as a toast; until the
 * page runs, and without JavaScript, as a line at the top of the page instead. Not in a <noscript>: a
 * browser whose scripts are held back or blocked, or that stops them without telling its HTML parser
 * (as browser automation does), draws none, and a form saved without JavaScript said nothing.
 */
export function FlashToast({ flash }: { flash: Flash }) {
  const hydrated = useHydrated();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    showToast(flash.type === "success" ? "success" : "danger", flash.message);
  }, [flash]);
  if (!flash || hydrated) return null;
  return (
    <p className={styles.flash} data-tone={flash.type} role={flash.type === "error" ? "alert" : "status"}>
      {flash.message}
    </p>
  );
}
