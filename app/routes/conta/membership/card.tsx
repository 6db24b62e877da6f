import { siteOrigin } from "../../../../common/seo.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { NO_MEMBERSHIP_NOTE } from "../../../components/conta/no-membership.ts";
import { PrintButton } from "../../../components/print-button.tsx";
import { dayText } from "../../../lib/day-text.ts";
import { requireSession, requireUser } from "../../../lib/guards.server.ts";
import { memberCardQrSvg } from "../../../lib/member-card-qr.server.ts";
import { useRootData } from "../../../root.tsx";
import type { Route } from "./+types/card";
import styles from "./documents.module.css";

/**
 * Her member card, to print (on a bank card's size) or show on the phone: who she is in the register and a
 * QR of her verification page, which says whether she is in good standing on the day it is read. A page of
 * its own, without the account's sidebar, so what prints is the card alone.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const { membership } = await services.members.mine(actor);
  if (!membership) return { card: null, proposal: false };
  const { member, plan } = membership;
  // A proposal has no card yet: its verification page answers 404 until an administrator approves her.
  if (member.status === "proposta") return { card: null, proposal: true };
  // The QR is read by another phone: it needs the site's public address, the request's own without BASE_URL.
  const verificationUrl = `${siteOrigin(services.config.BASE_URL, url)}${membership.verification_path}`;
  return {
    card: {
      name: member.name,
      number: member.number,
      planName: plan.name,
      admittedOn: member.admitted_on,
      inGoodStanding: member.in_good_standing,
      verificationUrl,
      qr: await memberCardQrSvg(verificationUrl),
    },
    proposal: false,
  };
}

export function meta() {
  return [{ title: "Carteirinha de associado" }, { name: "robots", content: "noindex" }];
}

type Card = NonNullable<Route.ComponentProps["loaderData"]["card"]>;

function MemberCard({ card, organization }: { card: Card; organization: string }) {
  return (
    <section className={styles.card} aria-labelledby="card-title">
      <header className={styles.cardHeader}>
        <p className={styles.cardOrganization}>{organization}</p>
        <h1 id="card-title" className={styles.cardTitle}>
          Carteirinha de associado
        </h1>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Nome</dt>
          <dd className={styles.memberName}>{card.name}</dd>
        </div>
        <div>
          <dt>Número</dt>
          <dd>{card.number === null ? "—" : `Nº ${card.number}`}</dd>
        </div>
        <div>
          <dt>Plano</dt>
          <dd>{card.planName}</dd>
        </div>
        <div>
          <dt>Admissão</dt>
          <dd>{card.admittedOn ? dayText(card.admittedOn) : "—"}</dd>
        </div>
        <div>
          <dt>Situação</dt>
          <dd
            className={styles.standing}
            data-standing={card.inGoodStanding ? "good" : "not"}
            data-testid="card-standing"
          >
            {card.inGoodStanding ? "Em dia" : "Não está em dia"}
          </dd>
        </div>
      </dl>
      <div
        className={styles.qr}
        role="img"
        aria-label={`QR code da verificação da carteirinha, que abre ${card.verificationUrl}`}
        // The SVG is made by the loader from her verification address (app/lib/member-card-qr.server.ts), never from
        // input; the box's label is its text, so the drawing itself is hidden from screen readers.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR image
        dangerouslySetInnerHTML={{ __html: card.qr.replace("<svg ", '<svg aria-hidden="true" ') }}
      />
      <p className={styles.url} data-testid="card-verification-url">
        {card.verificationUrl}
      </p>
    </section>
  );
}

export default function MemberCardPage({ loaderData }: Route.ComponentProps) {
  const { card, proposal } = loaderData;
  const { settings } = useRootData();
  return (
    <main className={styles.page}>
      <nav className={styles.toolbar} aria-label="Ações">
        <a href={accountPaths.membership}>Voltar para Minha associação</a>
        {card ? <PrintButton /> : null}
      </nav>
      {card ? (
        <>
          <MemberCard card={card} organization={settings?.title ?? ""} />
          <p className={styles.hint}>
            Quem ler o QR code vê o seu nome, o seu número e se você está em dia no dia da leitura.
          </p>
        </>
      ) : (
        <>
          <h1 className={styles.heading}>Carteirinha de associado</h1>
          <p className={styles.note}>
            {proposal
              ? "Sua proposta de associação ainda aguarda a aprovação da cooperativa: a carteirinha fica pronta quando ela for aprovada."
              : NO_MEMBERSHIP_NOTE}
          </p>
        </>
      )}
    </main>
  );
}
