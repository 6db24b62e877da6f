import type { UseFormReturnType } from "@mantine/form";
import { useEffect } from "react";
import { notifyError } from "./notify.ts";

type Failure = { ok: false; message: string; errors: Record<string, string[]> };

function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && "ok" in value && value.ok === false;
}

/** Shows a refused action's message as a toast and its field errors beside the fields. */
export function useServerErrors<V>(form: UseFormReturnType<V>, answer: unknown) {
  useEffect(() => {
    if (!isFailure(answer)) return;
    notifyError(answer);
    form.setErrors(Object.fromEntries(Object.entries(answer.errors).map(([key, texts]) => [key, texts.join(" ")])));
    // Only a new answer should set errors again.
  }, [answer]);
}
