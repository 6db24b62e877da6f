import type { UseFormReturnType } from "@mantine/form";
import { useEffect, useRef } from "react";
import { notifyError } from "./notify.ts";

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

/** Shows a refused action's message as a toast and its field errors beside the fields. */
export function useServerErrors<V>(form: UseFormReturnType<V>, answer: unknown) {
  useOnAnswer(answer, (value) => {
    if (!isFailure(value)) return;
    notifyError(value);
    form.setErrors(Object.fromEntries(Object.entries(value.errors).map(([key, texts]) => [key, texts.join(" ")])));
  });
}
