import styles from "./email-link.module.css";
import { MailIcon } from "./icons.tsx";

/** The site's public e-mail as a mailto link with its icon (footer and contact page). */
export function EmailLink({ email, className }: { email: string; className?: string }) {
  return (
    <a href={`mailto:${email}`} className={className ? `${styles.link} ${className}` : styles.link}>
      <MailIcon size={18} />
      {email}
    </a>
  );
}
