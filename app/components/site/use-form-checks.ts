import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { type FormChecks, type FormValues, problemsOf } from "../../../common/form-checks.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

type ServerErrors = Record<string, string[]> | undefined;

function valuesOf(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

const joined = (errors: ServerErrors): Record<string, string> =>
  Object.fromEntries(Object.entries(errors ?? {}).map(([field, texts]) => [field, texts.join(" ")]));

const nameOf = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.name : "";

/**
 * A public form's checks in the browser, the way the account forms behave: a field is checked when
 * it loses focus, its message goes away while it is edited, and `blocked` (for the submit button)
 * stays true until every field passes. The server's field errors (`serverErrors`, from the action's
 * answer) are shown beside the fields too. Without JavaScript none of this runs: the form posts as
 * it is, the browser checks what its attributes say and the server answers with the messages.
 */
export function useFormChecks(
  checks: FormChecks,
  serverErrors: ServerErrors,
  {
    browserChecksToo = false,
  }: {
    /** The browser keeps checking what the fields' attributes say about the fields `checks` leaves alone. */
    browserChecksToo?: boolean;
  } = {},
) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState(() => joined(serverErrors));
  const [passes, setPasses] = useState(false);
  const [answered, setAnswered] = useState(serverErrors);
  if (answered !== serverErrors) {
    setAnswered(serverErrors);
    setErrors(joined(serverErrors));
  }

  const recheck = () => {
    const form = ref.current;
    if (form) setPasses(Object.keys(problemsOf(checks, valuesOf(form))).length === 0);
  };
  // What the browser restored or filled in before the page came to life counts too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(recheck, []);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = nameOf(event.target);
    if (name in errors) setErrors(({ [name]: _, ...rest }) => rest);
    recheck();
  };

  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const name = nameOf(event.target);
    const check = checks[name];
    if (!check || !ref.current) return;
    const values = valuesOf(ref.current);
    const problem = check(values[name] ?? "", values);
    setErrors(({ [name]: _, ...rest }) => (problem ? { ...rest, [name]: problem } : rest));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A button that only asks the server to draw the form again, as the browser lets it through too.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.hasAttribute("formnovalidate")) return;
    const problems = problemsOf(checks, valuesOf(event.currentTarget));
    const first = Object.keys(problems)[0];
    if (first === undefined) return;
    event.preventDefault();
    setErrors(problems);
    const field = event.currentTarget.elements.namedItem(first);
    if (field instanceof HTMLElement) field.focus();
  };

  return {
    /** Spread on the <form>: once the page runs, these checks replace the browser's own bubbles. */
    form: { ref, onChange, onBlur, onSubmit, noValidate: hydrated && !browserChecksToo },
    errors,
    /** Whether the submit button waits for valid fields (never before the page runs, so it still posts without JavaScript). */
    blocked: hydrated && !passes,
    /** Empties the form after it was sent. */
    reset() {
      ref.current?.reset();
      setErrors({});
      setPasses(false);
    },
  };
}
