import type { SubmissionResult } from "@conform-to/react";

/**
 * What a form's action answers when it refuses (app/lib/form-action.server.ts): the form's state after
 * the submission, as Conform reads it. The account kit hands it to Conform; the public pages' plain
 * forms read it with `plainRefusal`.
 */
export type FormAnswer = { result: SubmissionResult<string[]> };

/** What a refusal says when its errors are all beside the fields. */
export const CHECK_FIELDS = "Verifique os campos destacados.";

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

/** A refused submission as a plain form shows it (the public pages, without Conform in their bundle). */
export type PlainRefusal = {
  /** The form's own message, above its fields; none when the errors beside the fields say it all. */
  message: string | undefined;
  /** Each field's errors, by the field's name. */
  errors: Record<string, string[]>;
  /** What was typed, to draw the fields again with it (passwords and secrets were never sent back). */
  values: Record<string, string>;
};

/**
 * What was typed, by the field's name: Conform gives it back nested as the names built it ("address.city" is
 * `address: { city }`, "days[0]" a list), and a plain form names its fields the same way.
 */
function typedValues(value: unknown, name: string, into: Record<string, string>): void {
  if (typeof value === "string") into[name] = value;
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) typedValues(item, `${name}[${index}]`, into);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) typedValues(item, name ? `${name}.${key}` : key, into);
}

// One reading per answer: a public form's checks take the errors as new when they are another object
// (app/components/site/use-form-checks.ts), so a reading made again on each render would never settle.
const readings = new WeakMap<FormAnswer, PlainRefusal>();

/** The refusal in an action's answer, read for a plain form; undefined when the answer is not one. */
export function plainRefusal(answer: unknown): PlainRefusal | undefined {
  if (!isFormAnswer(answer) || answer.result.status !== "error") return undefined;
  const known = readings.get(answer);
  if (known) return known;
  const { "": own, ...fields } = answer.result.error ?? {};
  const errors: Record<string, string[]> = {};
  for (const [name, texts] of Object.entries(fields)) if (texts?.length) errors[name] = texts;
  const values: Record<string, string> = {};
  typedValues(answer.result.initialValue ?? {}, "", values);
  const refusal = { message: own?.length ? own.join(" ") : undefined, errors, values };
  readings.set(answer, refusal);
  return refusal;
}
