import type { SubmissionResult } from "@conform-to/react";

/** What an account form's action answers when it does not redirect: the form's state after the submission. */
export type FormAnswer = { result: SubmissionResult<string[]> };

export function isFormAnswer(value: unknown): value is FormAnswer {
  return typeof value === "object" && value !== null && "result" in value;
}

/**
 * A service's field path ("shipping.table_rates.0.name", as the REST API reports it) as the form
 * field's name ("shipping.table_rates[0].name").
 */
export const fieldName = (path: string) =>
  path
    .split(".")
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join("");

/** On a screen with several forms, the answer when it belongs to the form of `intent` (its hidden field). */
export function answerFor(answer: unknown, intent: string): FormAnswer | undefined {
  return isFormAnswer(answer) && answer.result.initialValue?.intent === intent ? answer : undefined;
}

/** Every message of a refused submission, the form's own first: what a button without fields says when refused. */
export const refusalText = (answer: FormAnswer) =>
  Object.values(answer.result.error ?? {})
    .flat()
    .filter((text): text is string => typeof text === "string")
    .join(" ");
