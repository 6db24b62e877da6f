import { useFetcher } from "react-router";
import { contactChecks } from "../../../common/form-checks.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { CHECK_FIELDS, type FormAnswer, plainRefusal } from "../../lib/form-answer.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnAnswer } from "../../lib/use-server-errors.ts";
import styles from "./contact-form.module.css";
import { Alert, buttonClass, Stack, TextAreaField, TextField } from "./ui/ui.tsx";
import { useFormChecks } from "./use-form-checks.ts";

export const CONTACT_SUCCESS = "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!";

/** /contato's answer: sent, or the form's state when refused. */
type ContactAnswer = { ok: true } | FormAnswer;

/**
 * The footer's form (white text on the primary colour, spec §5) or the one on the /contato page.
 * Both post to /contato: in the background once the page runs (the answer is a message that comes
 * and goes), or as a plain form post without JavaScript, which lands on /contato with `answer`, the
 * action's answer, shown on the page itself.
 */
export function ContactForm({ variant = "footer", answer }: { variant?: "footer" | "page"; answer?: ContactAnswer }) {
  const fetcher = useFetcher<ContactAnswer>();
  const sent = fetcher.state === "idle" ? fetcher.data : undefined;
  const answered = plainRefusal(answer);
  const failure = plainRefusal(sent) ?? answered;
  const checks = useFormChecks(contactChecks, failure?.errors);

  useOnAnswer(sent, (value) => {
    const refused = plainRefusal(value);
    if (refused) {
      notifyError(refused.message ?? CHECK_FIELDS);
    } else {
      notifySuccess(CONTACT_SUCCESS);
      checks.reset();
    }
  });

  return (
    <fetcher.Form
      method="post"
      action={sitePaths.contact}
      aria-label="Formulário de contato"
      className={variant === "footer" ? `${styles.form} ${styles.onPrimary}` : styles.form}
      {...checks.form}
    >
      <Stack gap="sm">
        <h2 className={styles.title}>Fale conosco</h2>
        {answer ? (
          <Alert tone={answered ? "danger" : "success"}>
            {answered ? (answered.message ?? CHECK_FIELDS) : CONTACT_SUCCESS}
          </Alert>
        ) : null}
        <TextField label="Nome" name="name" autoComplete="name" maxLength={120} error={checks.errors.name} />
        <TextField label="E-mail" name="email" type="email" autoComplete="email" error={checks.errors.email} />
        <TextAreaField label="Mensagem" name="message" rows={4} maxLength={5000} error={checks.errors.message} />
        {/* Honeypot: hidden from people (and from the tab order), filled in by bots. */}
        <input type="text" name="website" tabIndex={-1} autoComplete="off" aria-hidden className={styles.honeypot} />
        <button
          type="submit"
          className={`${buttonClass()} ${styles.send}`}
          disabled={checks.blocked || fetcher.state !== "idle"}
        >
          ENVIAR
        </button>
      </Stack>
    </fetcher.Form>
  );
}
