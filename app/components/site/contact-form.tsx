import { Button, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useFetcher } from "react-router";
import { contactSchema } from "../../../common/schemas/contact.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useOnAnswer } from "../../lib/use-server-errors.ts";

export const CONTACT_SUCCESS = "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!";

type ContactAnswer = { ok: true } | { ok: false; message: string; errors: Record<string, string[]> };

// Spec §5: error texts in the footer form are white.
const whiteErrors = { error: { color: "white" }, label: { color: "white" } };

/** The footer's form (white text on the primary colour) or the one on the /contato page. */
export function ContactForm({ variant = "footer" }: { variant?: "footer" | "page" }) {
  const styles = variant === "footer" ? whiteErrors : undefined;
  const fetcher = useFetcher<ContactAnswer>();
  const form = useForm({
    mode: "controlled",
    initialValues: { name: "", email: "", message: "", website: "" },
    validate: schemaResolver(contactSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  useOnAnswer(fetcher.state === "idle" ? fetcher.data : undefined, (answer) => {
    if (answer.ok) {
      notifySuccess(CONTACT_SUCCESS);
      form.reset();
    } else {
      notifyError(answer);
      form.setErrors(Object.fromEntries(Object.entries(answer.errors).map(([key, texts]) => [key, texts[0]])));
    }
  });

  return (
    <form
      noValidate
      aria-label="Formulário de contato"
      onSubmit={form.onSubmit((values) => {
        fetcher.submit(values, { method: "post", action: sitePaths.contact, encType: "application/json" });
      })}
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          Fale conosco
        </Title>
        <TextInput label="nome" name="name" autoComplete="name" styles={styles} {...form.getInputProps("name")} />
        <TextInput
          label="email"
          name="email"
          type="email"
          autoComplete="email"
          styles={styles}
          {...form.getInputProps("email")}
        />
        <Textarea
          label="mensagem"
          name="message"
          minRows={4}
          autosize
          styles={styles}
          {...form.getInputProps("message")}
        />
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          aria-hidden
          style={{ position: "absolute", left: "-10000px", width: 1, height: 1 }}
          value={form.values.website}
          onChange={(event) => form.setFieldValue("website", event.currentTarget.value)}
        />
        <Button type="submit" color="secondary" disabled={!form.isValid()} loading={fetcher.state !== "idle"}>
          ENVIAR
        </Button>
      </Stack>
    </form>
  );
}
