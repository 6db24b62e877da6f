import { useEffect, useRef } from "react";
import { showToast } from "../lib/toasts.ts";
import styles from "./flash-toast.module.css";

type Flash = { id: string; type: "success" | "error"; message: string } | null;

/**
 * Shows a message the server left for this page (a save, the first-time setup) as a toast; without
 * JavaScript, as a line at the top of the page instead.
 */
export function FlashToast({ flash }: { flash: Flash }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    showToast(flash.type === "success" ? "success" : "danger", flash.message);
  }, [flash]);
  if (!flash) return null;
  return (
    <noscript>
      <p className={styles.flash} data-tone={flash.type} role={flash.type === "error" ? "alert" : "status"}>
        {flash.message}
      </p>
    </noscript>
  );
}
