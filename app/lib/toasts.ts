import { useSyncExternalStore } from "react";

export type ToastTone = "success" | "danger";
export type Toast = { id: number; tone: ToastTone; message: string };

/** How long a message stays before it closes by itself. */
const TOAST_MS = 7000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/**
 * One small message store for the whole app (public site and account area), so the public pages
 * do not load a notification library for the rare message they show.
 */
export function showToast(tone: ToastTone, message: string) {
  const id = nextId++;
  // A success ends what the failed tries before it said: their red messages would stay over the green one.
  const kept = tone === "success" ? toasts.filter((toast) => toast.tone !== "danger") : toasts;
  toasts = [...kept, { id, tone, message }];
  emit();
  window.setTimeout(() => dismissToast(id), TOAST_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const none: Toast[] = [];

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => none,
  );
}
