import { contactSchema } from "../../../common/schemas/contact.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { ContactForm } from "../../components/site/contact-form.tsx";
import { EmailLink } from "../../components/site/email-link.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/contact";
import styles from "./contact.module.css";

/** Every contact form (the footer's and this page's) posts here. */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = getApp(context);
  return formAction(request, contactSchema, async (input) => {
    await services.contacts.send(input, clientAddress);
    return { ok: true as const };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ root: matches[0].loaderData, title: "Contato", path: sitePaths.contact });
}

/** /contato: the organisation's contact details and the contact form, a natural target for a menu. */
export default function Contact({ actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  return (
    <Container section className={styles.columns}>
      <Stack gap="sm">
        <h1>Contato</h1>
        {settings?.contact ? <p className={styles.details}>{settings.contact}</p> : null}
        {settings?.email ? <EmailLink email={settings.email} /> : null}
      </Stack>
      <ContactForm variant="page" answer={actionData} />
    </Container>
  );
}
