import { formatLongDate } from "../../../../common/dates/format.ts";
import { formatBRL } from "../../../../common/money.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { DueReceipt } from "../../../../common/views/members.ts";
import { MEMBERS_LIST } from "../../../components/conta/member-paths.ts";
import { PrintButton } from "../../../components/print-button.tsx";
import { dayText } from "../../../lib/day-text.ts";
import { requireSession, requireUser } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import type { Route } from "./+types/receipt";
import styles from "./documents.module.css";

/**
 * A paid due's receipt, to print or save as PDF: for the member it belongs to and for administrators (the
 * service decides; a due that is not paid, or not hers, is the not-found page). A page of its own, without
 * the account's sidebar, so what prints is the receipt alone, as the declaração de conteúdo.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const dueId = idParam({ id: params.due });
  const receipt = await loadOr404(() => services.members.receipt(actor, dueId));
  // Her own receipt goes back to 'Minha associação'; an administrator's of another member, to the register.
  const { membership } = await services.members.mine(actor);
  const own = receipt.member_number !== null && membership?.member.number === receipt.member_number;
  const back = own
    ? { href: accountPaths.membership, label: "Voltar para Minha associação" }
    : {
        href: `${MEMBERS_LIST}?q=${encodeURIComponent(receipt.member_number ?? receipt.member_name)}`,
        label: "Voltar para os associados",
      };
  return { receipt, back, issuedOn: formatLongDate(new Date()) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Recibo nº ${loaderData.receipt.receipt_number}` : "Recibo" },
    { name: "robots", content: "noindex" },
  ];
}

/** "CPF 529.982.247-25" or "CNPJ 11.222.333/0001-81", by how many digits the formatted number has. */
const taxIdText = (formatted: string) => `${formatted.replace(/\D/g, "").length === 14 ? "CNPJ" : "CPF"} ${formatted}`;

function ReceiptText({ receipt }: { receipt: DueReceipt }) {
  return (
    <p className={styles.text} data-testid="receipt-text">
      Recebemos de <strong>{receipt.member_name}</strong> ({taxIdText(receipt.member_tax_id)})
      {receipt.member_number === null ? "" : `, associado nº ${receipt.member_number}`}, a quantia de{" "}
      <strong>{formatBRL(receipt.paid_cents)}</strong> referente à mensalidade de {receipt.period_label} do plano{" "}
      {receipt.plan_name}, paga em {dayText(receipt.paid_on)}.
    </p>
  );
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { receipt, back, issuedOn } = loaderData;
  return (
    <main className={styles.page}>
      <nav className={styles.toolbar} aria-label="Ações">
        <a href={back.href}>{back.label}</a>
        <PrintButton />
      </nav>
      <article className={styles.receipt} aria-labelledby="receipt-title">
        <div className={styles.issuer}>
          <div>
            <p className={styles.organization}>{receipt.organization_name}</p>
            {receipt.organization_cnpj ? <p data-testid="receipt-cnpj">CNPJ {receipt.organization_cnpj}</p> : null}
          </div>
          <p className={styles.amount}>
            Valor: <strong data-testid="receipt-amount">{formatBRL(receipt.paid_cents)}</strong>
          </p>
        </div>
        <h1 id="receipt-title" className={styles.title}>
          Recibo nº {receipt.receipt_number}
        </h1>
        <ReceiptText receipt={receipt} />
        <p className={styles.issued}>Emitido em {issuedOn}.</p>
        <p className={styles.signature}>{receipt.organization_name}</p>
      </article>
    </main>
  );
}
