import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { invalid } from "../../common/errors.ts";
import { failureOf } from "../../common/failure.ts";
import type { z } from "../../common/zod.ts";
import { CHECK_FIELDS, type FormAnswer, fieldName } from "./form-answer.ts";
import { parseForm } from "./form-parse.ts";

/**
 * The one way a page's action reads a form: the account kit's forms (app/components/form-kit/) and the
 * public pages' plain forms alike post their fields as a form (with or without JavaScript), and the
 * action reads them with the form's shared zod schema through Conform, which builds nested values from
 * names such as `shipping.table_rates[0].price_cents`. A refusal answers the form's state
 * (`FormAnswer`) with a 4xx status: every field's error at once, what was typed (passwords and secrets
 * left out), and the message.
 */

/** Field names never sent back to the page: what was typed in them stays in the browser only. */
const SECRET_FIELD = /password|secret|token|access_code/i;

/** The posted fields. A body that is not a form (JSON, garbage) is refused like any bad input. */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded") && !type.includes("multipart/form-data")) {
    throw invalid("Envie os dados pelo formulário da página.");
  }
  try {
    return await request.formData();
  } catch {
    throw invalid("Envie os dados pelo formulário da página.");
  }
}

const secretsOf = (form: FormData) => [...new Set([...form.keys()].filter((name) => SECRET_FIELD.test(name)))];

const sentence = (text: string) => text.trim().replace(/\.$/, "");

/**
 * Whether the refusal's message is worth saying above the form: not when it only points at the fields
 * ("Verifique os campos destacados.") or repeats what one says ("Senha incorreta."), which the page
 * shows beside the field already.
 */
function saysMoreThan(message: string, fieldErrors: Record<string, string[]>): boolean {
  const beside = Object.values(fieldErrors).flat().map(sentence);
  if (beside.length === 0) return true;
  return message !== CHECK_FIELDS && !beside.includes(sentence(message));
}

type Reply = (errors: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;

/** The form's state for a refusal thrown by a service: its message above the form, field errors beside fields. */
function refusalAnswer(error: unknown, reply: Reply) {
  const failure = failureOf(error);
  if (!failure) throw error;
  const { message, errors = {} } = failure.body;
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([path, texts]) => [fieldName(path), texts]));
  const formErrors = saysMoreThan(message, fieldErrors) ? [message] : [];
  return data<FormAnswer>({ result: reply({ formErrors, fieldErrors }) }, { status: failure.status });
}

/**
 * Runs `run` with the submission checked by `schema`. What `run` returns (a redirect with a flash,
 * as every account form does after saving) is the answer; a submission the schema refuses, a list
 * change asked without JavaScript ("Adicionar linha"), or a refusal from the service answers the
 * form's state instead.
 */
export async function submitForm<S extends z.ZodType, R>(
  form: FormData,
  schema: S,
  run: (input: z.output<S>, form: FormData) => Promise<R>,
) {
  const submission = parseForm(form, schema);
  const hideFields = secretsOf(form);
  if (submission.status !== "success") {
    // A list change (no status) is not a refusal: the page comes back with the row added or removed.
    return data<FormAnswer>(
      { result: submission.reply({ hideFields }) },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  try {
    return await run(submission.value, form);
  } catch (error) {
    return refusalAnswer(error, (errors) => submission.reply({ ...errors, hideFields }));
  }
}

/** A refusal before any schema ran (a body that is not a form): its message as the form's state. */
export function refusedForm(error: unknown) {
  return refusalAnswer(error, ({ formErrors, fieldErrors }) => ({
    status: "error",
    error: { "": formErrors, ...fieldErrors },
  }));
}

/** The action of a form with one job: read, check with the shared schema, run. */
export async function formAction<S extends z.ZodType, R>(
  request: Request,
  schema: S,
  run: (input: z.output<S>, form: FormData) => Promise<R>,
) {
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return refusedForm(error);
  }
  return submitForm(form, schema, run);
}

type Intents = Record<string, (form: FormData) => Promise<unknown>>;

/**
 * A screen with several forms or buttons, told apart by their `intent` field (profile: save, remove an
 * address, delete the account); each intent reads its own fields, usually through `submitForm`.
 */
export async function intentAction<I extends Intents>(request: Request, intents: I) {
  try {
    const form = await readForm(request);
    const name = form.get("intent");
    const intent = typeof name === "string" && Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!intent) throw invalid("Ação desconhecida.");
    return (await intent(form)) as Awaited<ReturnType<I[keyof I]>>;
  } catch (error) {
    return refusedForm(error);
  }
}
