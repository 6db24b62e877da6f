import { useEffect, useRef } from "react";

type Failure = { ok: false; message: string; errors: Record<string, string[]> };

export function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && "ok" in value && value.ok === false;
}

/** Runs `handle` once per new answer from the server, however often the component renders. */
export function useOnAnswer<T>(answer: T | undefined, handle: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (answer === undefined || answer === null || answer === handled.current) return;
    handled.current = answer;
    handle(answer);
  });
}
