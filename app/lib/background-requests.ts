import { useSyncExternalStore } from "react";

/** Requests sent outside React Router (file uploads), so the progress bar can follow them too. */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export async function trackRequest<T>(request: Promise<T>): Promise<T> {
  pending++;
  emit();
  try {
    return await request;
  } finally {
    pending--;
    emit();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useBackgroundRequestPending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}
