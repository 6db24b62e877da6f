import { Container, Grid, Stack, Text, Title } from "@mantine/core";
import { contactSchema } from "../../../common/schemas/contact.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { ContactForm } from "../../components/site/contact-form.tsx";
import { EmailLink } from "../../components/site/email-link.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { formAction } from "../../lib/action.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/contact";

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
export default function Contact() {
  const { settings } = useRootData();
  return (
    <Container size="lg" py="xl">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Title order={1}>Contato</Title>
            {settings?.contact ? <Text style={{ whiteSpace: "pre-line" }}>{settings.contact}</Text> : null}
            {settings?.email ? <EmailLink email={settings.email} /> : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ContactForm variant="page" />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
