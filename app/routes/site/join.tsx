import { formatBRL } from "../../../common/money.ts";
import { memberApplicationSchema } from "../../../common/schemas/members.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { MemberApplicationForm } from "../../components/site/member-application-form.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { Alert, Container, Stack, ui } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { plainRefusal } from "../../lib/form-answer.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/join";

/**
 * /associe-se — the membership proposal, while the members feature is on (else the site's 404 page). The
 * page is the same for everyone (the page cache keeps one copy for visitors): the plans on offer and an
 * empty form. Who sends it only matters to the action, which links the proposal to the account she is
 * signed in with when it has her e-mail.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await requireFeature(services, "members");
  // Switched off between the two reads, it is the 404 page all the same.
  const offered = await loadOr404(() => services.members.offeredPlans());
  return {
    heading: settings.features.members.title,
    plans: offered.data.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: formatBRL(plan.amount_cents),
      cycle: plan.cycle_label.toLowerCase(),
      dueDay: plan.due_day,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, actor, clientAddress } = getApp(context);
  await requireFeature(services, "members");
  return formAction(request, memberApplicationSchema, (input) => services.members.apply(actor, input, clientAddress));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seoMeta({
    root: matches[0].loaderData,
    title: loaderData?.heading,
    description: "Proposta de associação à cooperativa: seus dados, o plano e a mensalidade.",
    path: sitePaths.join,
  });
}

/** The service's answer to a proposal it received, told from a refusal. */
function receivedMessage(answer: unknown): string | null {
  return typeof answer === "object" && answer !== null && "message" in answer && typeof answer.message === "string"
    ? answer.message
    : null;
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const { heading, plans } = loaderData;
  const received = receivedMessage(actionData);
  return (
    <Container size="sm" section>
      <Stack gap="lg">
        <h1>{heading}</h1>
        {received ? (
          <Alert tone="success" title="Proposta enviada">
            {received}
          </Alert>
        ) : plans.length === 0 ? (
          <Alert tone="info">
            <span className={ui.small}>
              Nenhum plano está aberto a novas associações no momento. Fale com a cooperativa pela página de{" "}
              <AppLink to={sitePaths.contact}>contato</AppLink>.
            </span>
          </Alert>
        ) : (
          <>
            <p className={ui.dimmed}>
              Preencha a proposta de associação. A cooperativa analisa cada proposta e responde por e-mail; a primeira
              mensalidade vem com a aprovação.
            </p>
            <MemberApplicationForm plans={plans} refusal={plainRefusal(actionData)} />
          </>
        )}
      </Stack>
    </Container>
  );
}
