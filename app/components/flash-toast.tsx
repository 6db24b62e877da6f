import { useEffect, useRef } from "react";
import { showToast } from "../lib/toasts.ts";

type Flash = { id: string; type: "success" | "error"; message: string } | null;

/** Shows a message the server left for this page (e.g. after the first-time setup). */
export function FlashToast({ flash }: { flash: Flash }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    showToast(flash.type === "success" ? "success" : "danger", flash.message);
  }, [flash]);
  return null;
}
