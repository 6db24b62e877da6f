import { useLocation } from "react-router";
import { fileUrl } from "../../../common/file-url.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { useRootData } from "../../root.tsx";
import { ContactForm } from "./contact-form.tsx";
import { EmailLink } from "./email-link.tsx";
import { BrandFacebookIcon, BrandInstagramIcon, BrandXIcon, BrandYoutubeIcon } from "./icons.tsx";
import styles from "./site-footer.module.css";
import { Container } from "./ui/ui.tsx";

export function SiteFooter() {
  const { settings, filesUrl } = useRootData();
  const { pathname } = useLocation();
  if (!settings) return null;
  const socials = [
    { url: settings.url_facebook, label: "Facebook", Icon: BrandFacebookIcon },
    { url: settings.url_instagram, label: "Instagram", Icon: BrandInstagramIcon },
    { url: settings.url_twitter, label: "Twitter", Icon: BrandXIcon },
    { url: settings.url_youtube, label: "YouTube", Icon: BrandYoutubeIcon },
  ].filter((social) => social.url);
  const logo = settings.site_logo?.url;
  return (
    <footer className={styles.footer}>
      <Container className={styles.columns}>
        <div className={styles.about}>
          {settings.site_footer_logo === 1 && logo ? (
            // At its own width, so it starts at the left edge like the text below.
            <img src={fileUrl(logo, filesUrl ?? undefined)} alt={settings.title} className={styles.logo} />
          ) : null}
          <h2 className={styles.title}>{settings.title}</h2>
          {settings.contact ? (
            <p className={styles.contact} data-testid="footer-contact">
              {settings.contact}
            </p>
          ) : null}
          {settings.email ? <EmailLink email={settings.email} className={styles.link} /> : null}
          {socials.length ? (
            // biome-ignore lint/a11y/useSemanticElements: a named group of links, not a form's fieldset
            <div className={styles.socials} role="group" aria-label="Redes sociais">
              {socials.map(({ url, label, Icon }) => (
                <a
                  key={label}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={styles.link}
                  aria-label={label}
                >
                  <Icon size={28} />
                </a>
              ))}
            </div>
          ) : null}
        </div>
        {/* The /contato page has the form in its body. */}
        {pathname === sitePaths.contact ? null : <ContactForm />}
      </Container>
    </footer>
  );
}
