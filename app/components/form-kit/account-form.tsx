import { Alert, Button, type ButtonProps, Text } from "@mantine/core";
import { type FormEvent, type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CHECK_FIELDS } from "../../lib/form-answer.ts";
import { notifyError } from "../../lib/notify.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { focusFirstInvalid } from "./use-account-form.ts";

/** Conform's reserved field for list changes ("Adicionar linha"): handled in the browser, or by the action without JavaScript. */
const LIST_CHANGE = "__intent__";

const isListChange = (event: FormEvent<HTMLFormElement>) => {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") === LIST_CHANGE;
};

/**
 * An account form: a real `<form method="post">` (React Router's, so with JavaScript it is sent without
 * leaving the page), checked by the kit in the browser and by the same schema in the action. `intent`
 * names the job when a screen has several forms. The form's own message (a refusal that is not about
 * one field) shows above its fields; with JavaScript the toast also says it, so only the toast is
 * announced.
 */
export function AccountForm({
  form,
  intent,
  label,
  refusedTitle = "Não foi possível salvar",
  onValidSubmit,
  children,
}: {
  form: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: boolean; errors?: string[] };
  intent?: string;
  /** The form's accessible name (it is a landmark). */
  label: string;
  /** The heading of the form's own refusal. */
  refusedTitle?: string;
  /** Runs once the checks pass, before sending; it may stop the submission (to ask first). */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // A second press while the first is under way (a double click, a slow connection) is not sent again:
  // a create form would make two records. Set at once, before React draws the button busy.
  const sent = useRef(false);
  useEffect(() => {
    if (navigation.state === "idle") sent.current = false;
  }, [navigation.state]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sent.current) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event);
    if (isListChange(event)) return;
    if (event.defaultPrevented) {
      notifyError(CHECK_FIELDS);
      // The errors are drawn on the next frame.
      const formId = event.currentTarget.id;
      requestAnimationFrame(() => focusFirstInvalid(formId));
      return;
    }
    onValidSubmit?.(event);
    if (!event.defaultPrevented) sent.current = true;
  };
  return (
    <Form method="post" id={form.id} noValidate={form.noValidate} onSubmit={onSubmit} aria-label={label}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {form.errors?.length ? (
        <Alert color="danger" title={refusedTitle} role={hydrated ? "note" : "alert"} mb="md">
          <Text size="sm">{form.errors.join(" ")}</Text>
        </Alert>
      ) : null}
      {children}
    </Form>
  );
}

/**
 * The form's submit button, busy (and so not pressed twice) while its submission is under way, and
 * until the page it leads to has loaded (a save answers with a redirect: pressed again meanwhile, a
 * create form would make a second record). With several forms on a screen, `intent` tells which one
 * is being sent.
 */
export function SubmitButton({ intent, children, ...props }: { intent?: string; children: ReactNode } & ButtonProps) {
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" &&
    navigation.formData !== undefined &&
    (intent === undefined || navigation.formData.get("intent") === intent);
  return (
    // Pressing it must not blur the field being edited first: that field's check would draw its error,
    // move the button down before the mouse is released, and the click would be lost.
    <Button type="submit" loading={sending} onMouseDown={(event) => event.preventDefault()} {...props}>
      {children}
    </Button>
  );
}

/** Part of a screen that needs JavaScript says so, to those without it only. */
export function NeedsJavaScript({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <Alert color="warning" variant="light" title="Esta parte precisa de JavaScript">
        {children}
      </Alert>
    </noscript>
  );
}
