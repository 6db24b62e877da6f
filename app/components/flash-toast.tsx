import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";

type Flash = { id: string; type: "success" | "error"; message: string } | null;

/** Shows a message the server left for this page (e.g. after the first-time setup). */
export function FlashToast({ flash }: { flash: Flash }) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    notifications.show({ message: flash.message, color: flash.type === "success" ? "success" : "danger" });
  }, [flash]);
  return null;
}
