import { data } from "react-router";
import { sitePaths } from "../../../common/site-paths.ts";
import { seoMeta } from "../../components/site/seo.ts";
import { Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { dayText } from "../../lib/day-text.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import type { Route } from "./+types/member-verification";
import styles from "./member-verification.module.css";

/**
 * Whether she is in good standing is today's answer: neither the page cache (which keeps only answers
 * without no-store, server/http/page-cache.ts) nor a browser or proxy may keep it for later.
 */
const NOT_KEPT = "no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": NOT_KEPT });

/** /verificar/:code — what a member card's QR opens; a code no card has is the site's 404 page. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const verification = await loadOr404(() => services.members.verify(params.code));
  return data(verification, { headers: { "Cache-Control": NOT_KEPT } });
}

export function meta({ matches, params }: Route.MetaArgs) {
  return seoMeta({
    root: matches[0].loaderData,
    title: "Verificação de associado",
    path: sitePaths.memberVerification(params.code),
    noindex: true,
  });
}

export default function MemberVerification({ loaderData }: Route.ComponentProps) {
  const { name, number, in_good_standing: good, checked_on: checkedOn } = loaderData;
  return (
    <Container section>
      <Stack gap="md" className={styles.card}>
        <h1>Verificação de associado</h1>
        <p className={styles.name}>{name}</p>
        <p className={styles.number}>{number === null ? "Sem número de associado" : `Associado nº ${number}`}</p>
        <p className={styles.standing} data-standing={good ? "good" : "not"} data-testid="member-standing">
          {good ? "Associado em dia" : "Associado não está em dia"}
        </p>
        <p className={styles.muted}>Verificado em {dayText(checkedOn)}</p>
      </Stack>
    </Container>
  );
}
