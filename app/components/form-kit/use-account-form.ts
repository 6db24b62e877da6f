import { type DefaultValue, useForm } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import type { z } from "../../../common/zod.ts";
import { CHECK_FIELDS, isFormAnswer } from "../../lib/form-answer.ts";
import { parseForm } from "../../lib/form-parse.ts";
import { notifyError } from "../../lib/notify.ts";
import { useDraftAfterSignIn, useKeepDraftForSignIn } from "../../lib/use-sign-in-draft.ts";
import { useRootData } from "../../root.tsx";
import { formConstraint } from "./constraint.ts";

type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control whose value differs from the one the server rendered: someone changed it. */
function changedSinceRendered(control: Element): control is FormControl {
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (!(control instanceof HTMLInputElement) || control.type === "hidden") return false;
  if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/**
 * What was typed or chosen before the page came to life stays: the kit's fields are uncontrolled, so
 * hydration leaves the browser's values alone, and one input event tells Conform to read them, so
 * what depends on them (a section shown for the chosen option, the checks) follows too.
 */
function useValuesChangedBeforeHydration(formId: string) {
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const changed = [...form.elements].find(changedSinceRendered);
    changed?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [formId]);
}

/**
 * A refused form on a long page: its first invalid field (in page order) is brought into view and focused,
 * so the message beside it is seen and read. Runs once the errors are drawn.
 */
export function focusFirstInvalid(formId: string) {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.scrollIntoView({ block: "center" });
  first?.focus({ preventScroll: true });
}

/** Runs `handle` once per new answer from the server, however often the component renders. */
function useOnNewAnswer(answer: unknown, handle: (answer: NonNullable<unknown>) => void) {
  const handled = useRef<unknown>(undefined);
  useEffect(() => {
    if (answer === undefined || answer === null || answer === handled.current) return;
    handled.current = answer;
    handle(answer);
  });
}

type Options<S extends z.ZodType> = {
  /** The form's shared schema (common/schemas): the same checks in the browser as in the action. */
  schema: S;
  /** What the fields start with: the stored record, as the schema reads it or as it gives it back. */
  defaultValue?: DefaultValue<z.input<S>> | DefaultValue<z.output<S>>;
  /** The action's answer (useActionData), when the submission was refused. */
  answer: unknown;
  /** Several forms on one screen each need their own id. */
  id?: string;
  /**
   * Editors whose session may end while someone types: what was sent is kept in this tab and handed
   * back after signing in again (app/lib/use-sign-in-draft.ts).
   */
  keepsDraft?: boolean;
};

/**
 * The browser half of the account forms' kit (app/lib/form-action.server.ts is the other): Conform over
 * the form's shared zod schema. Fields are plain, named, uncontrolled inputs, so the form posts without
 * JavaScript, a value chosen before hydration survives it, and the browser's own state is the truth.
 * With JavaScript, a field is checked when left and again as it is corrected; a refused submission puts
 * every error beside its field, focuses the first and says so in a toast; the server's refusal does the
 * same with its own message.
 */
export function useAccountForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  options: Options<S>,
) {
  const { schema, answer } = options;
  const draft = useDraftAfterSignIn<DefaultValue<z.input<S>>>();
  const keepDraft = useKeepDraftForSignIn<unknown>();
  const lastResult = isFormAnswer(answer) ? answer.result : undefined;
  // A new id makes Conform start the form over from its default values, with new keys for every field
  // (so their inputs are drawn again). Its own reset is a submission, which the browser sent as a real
  // post when it came while React Router was still answering a save.
  const [generation, setGeneration] = useState(0);
  const baseId = useId();
  const startOver = () => setGeneration((count) => count + 1);
  const [form, fields] = useForm<z.input<S>, z.output<S>>({
    id: `${options.id ?? baseId}${generation > 0 ? `-${generation}` : ""}`,
    lastResult,
    defaultValue: draft ?? (options.defaultValue as DefaultValue<z.input<S>> | undefined),
    constraint: formConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
    onSubmit: (_event, { submission }) => {
      if (options.keepsDraft && submission) keepDraft(submission.payload);
    },
  });
  useValuesChangedBeforeHydration(form.id);
  // The draft arrives after the first render: the fields start over from it (their keys change).
  const restored = useRef<unknown>(null);
  useEffect(() => {
    if (draft === null || restored.current === draft) return;
    restored.current = draft;
    startOver();
  });
  // A save answers with a redirect and a flash: the fields start over from what is stored now, so a
  // password or a secret typed for it does not stay in its field.
  const { flash } = useRootData();
  const savedWith = useRef(flash?.id);
  useEffect(() => {
    if (!flash || savedWith.current === flash.id) return;
    savedWith.current = flash.id;
    startOver();
  });
  useOnNewAnswer(answer, (value) => {
    if (!isFormAnswer(value) || value.result.status !== "error") return;
    const message = value.result.error?.[""]?.[0];
    notifyError(message ?? CHECK_FIELDS);
    focusFirstInvalid(form.id);
  });
  return { form, fields };
}
