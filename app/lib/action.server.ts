import { data } from "react-router";
import { invalid } from "../../common/errors.ts";
import { failureOf } from "../../common/failure.ts";
import { parseInput } from "../../common/parse-input.ts";
import { readBodyFields } from "../../common/read-body.ts";
import type { z } from "../../common/zod.ts";

/** What a refused action answers: the form shows `errors` beside fields and `message` as a toast. */
export type ActionFailure = { ok: false; message: string; errors: Record<string, string[]> };

/** The fields a form sent: JSON from Mantine forms, or a plain form post (works without JavaScript). */
export type Submission = Record<string, unknown>;

/**
 * A refusal as the form's failure, with its status: input the shared schema refused, a domain error
 * from a service or a value the database could not store (common/failure.ts, as the REST API answers
 * them). Anything else stays a real error.
 */
export function refusal(error: unknown) {
  const failure = failureOf(error);
  if (!failure) throw error;
  const { message, errors = {} } = failure.body;
  return data<ActionFailure>({ ok: false, message, errors }, { status: failure.status });
}

/**
 * Every form action: reads the submission, runs `run` on it and answers what `run` returns (a
 * redirect with a flash, or a value for the page); what `run` throws as a refusal is the failure.
 */
export async function submissionAction<R>(request: Request, run: (submitted: Submission) => Promise<R>) {
  try {
    return await run(await readBodyFields(request));
  } catch (error) {
    return refusal(error);
  }
}

/** A form action whose submission is checked with the form's shared zod schema before `run` gets it. */
export function formAction<S extends z.ZodType, R>(
  request: Request,
  schema: S,
  run: (input: z.infer<S>, submitted: Submission) => Promise<R>,
) {
  return submissionAction(request, (submitted) => run(parseInput(schema, submitted), submitted));
}

type Intents = Record<string, (submitted: Submission) => Promise<unknown>>;

/** A form with several buttons, told apart by their `intent` field; any other intent is refused. */
export function intentAction<I extends Intents>(request: Request, intents: I) {
  return submissionAction(request, async (submitted) => {
    const { intent: name } = submitted;
    const intent = typeof name === "string" && Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!intent) throw invalid("Ação desconhecida.");
    return (await intent(submitted)) as Awaited<ReturnType<I[keyof I]>>;
  });
}

/** The answer of a form that stays on its page after saving (settings, profile): the toast to show. */
export const savedInPlace = (message: string) => ({ ok: true as const, message, at: Date.now() });
