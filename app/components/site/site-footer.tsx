import { Anchor, Box, Container, Grid, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconBrandYoutube } from "@tabler/icons-react";
import { useLocation } from "react-router";
import { fileUrl } from "../../../common/file-url.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { useRootData } from "../../root.tsx";
import { ContactForm } from "./contact-form.tsx";
import { EmailLink } from "./email-link.tsx";

export function SiteFooter() {
  const { settings, filesUrl } = useRootData();
  const { pathname } = useLocation();
  if (!settings) return null;
  const socials = [
    { url: settings.url_facebook, label: "Facebook", Icon: IconBrandFacebook },
    { url: settings.url_instagram, label: "Instagram", Icon: IconBrandInstagram },
    { url: settings.url_twitter, label: "Twitter", Icon: IconBrandX },
    { url: settings.url_youtube, label: "YouTube", Icon: IconBrandYoutube },
  ].filter((social) => social.url);
  const logo = settings.site_logo?.url;
  return (
    <Box component="footer" bg="primary" c="white" py="xl" mt="xl">
      <Container size="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="sm">
              {settings.site_footer_logo === 1 && logo ? (
                // At its own width, so it starts at the left edge like the text below (stretched to the
                // column, `contain` drew it in the middle).
                <Image
                  src={fileUrl(logo, filesUrl ?? undefined)}
                  alt={settings.title}
                  h={64}
                  w="auto"
                  maw="100%"
                  fit="contain"
                  style={{ alignSelf: "flex-start" }}
                />
              ) : null}
              <Title order={2} size="h3">
                {settings.title}
              </Title>
              {settings.contact ? (
                <Text style={{ whiteSpace: "pre-line" }} data-testid="footer-contact">
                  {settings.contact}
                </Text>
              ) : null}
              {settings.email ? <EmailLink email={settings.email} color="white" /> : null}
              {socials.length ? (
                <Group gap="sm" aria-label="Redes sociais">
                  {socials.map(({ url, label, Icon }) => (
                    <Anchor
                      key={label}
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      c="white"
                      aria-label={label}
                    >
                      <Icon size={28} aria-hidden />
                    </Anchor>
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Grid.Col>
          {/* The /contato page has the form in its body. */}
          {pathname === sitePaths.contact ? null : (
            <Grid.Col span={{ base: 12, md: 6 }}>
              <ContactForm />
            </Grid.Col>
          )}
        </Grid>
      </Container>
    </Box>
  );
}
