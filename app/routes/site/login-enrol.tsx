import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { CHALLENGE_GONE } from "../../../common/schemas/auth.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { TwoFactorSetupView } from "../../../common/views/auth.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle } from "../../components/site/form-fields.tsx";
import { Alert, buttonClass, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { type PlainRefusal, plainRefusal } from "../../lib/form-answer.ts";
import { clearedChallengeCookie, codeStepAction, openChallenge } from "../../lib/sign-in.server.ts";
import { groupedSecret, recoveryCodesFile, withRedirectTo } from "../../lib/sign-in-steps.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/login-enrol";
import styles from "./login-enrol.module.css";

// The page shows a secret, then the recovery codes: never kept by a cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * The secret of the enrolment challenge this browser holds. Without one the page says the step expired
 * rather than sending the browser away: right after the codes are shown, the challenge is gone and the
 * page is drawn again (without JavaScript, by the same request).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const challenge = await openChallenge(app, request);
  if (challenge?.purpose === "code") {
    const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
    throw redirect(withRedirectTo(sitePaths.loginCode, redirectTo));
  }
  const setup = challenge ? await app.services.auth.enrolmentOf(challenge.token) : null;
  return { setup, expired: setup ? null : CHALLENGE_GONE };
}

/** The app's first code turns the verification on and opens the session; the recovery codes are shown once. */
export function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return codeStepAction(app, request, "enrol", async (token, code, target) => {
    const { session, recoveryCodes } = await app.services.auth.answerChallenge(token, code, "enrol");
    const headers = new Headers();
    headers.append("Set-Cookie", app.sessionCookie(session.token));
    headers.append("Set-Cookie", clearedChallengeCookie(app));
    return data({ ok: true as const, recoveryCodes: recoveryCodes ?? [], target }, { headers });
  });
}

export function meta() {
  return [{ title: "Ativar a verificação em duas etapas" }];
}

type Enrolled = { ok: true; recoveryCodes: string[]; target: string };
const isEnrolled = (value: unknown): value is Enrolled =>
  typeof value === "object" && value !== null && "recoveryCodes" in value;

/** The ten recovery codes, shown this once, then on to where the sign-in was going. */
function RecoveryCodes({ codes, target }: { codes: string[]; target: string }) {
  const { settings } = useRootData();
  return (
    <Stack>
      <FormTitle>Guarde seus códigos de recuperação</FormTitle>
      <Alert tone="success">A verificação em duas etapas está ativada.</Alert>
      <p>
        Se perder o celular, entre com um destes códigos no lugar do código do aplicativo. Cada código funciona uma vez,
        e eles não serão mostrados de novo: anote-os ou baixe o arquivo e guarde em um lugar seguro.
      </p>
      <ol className={styles.codes} aria-label="Códigos de recuperação">
        {codes.map((code, index) => (
          <li key={code}>
            {/* The number in the text, not a list marker that the card's edge clipped. */}
            <span className={styles.number} aria-hidden="true">
              {index + 1}.
            </span>{" "}
            {code}
          </li>
        ))}
      </ol>
      <a
        href={recoveryCodesFile(codes, settings?.title ?? "")}
        download="codigos-de-recuperacao.txt"
        className={buttonClass("outline")}
      >
        Baixar os códigos (.txt)
      </a>
      {/* A whole page load: the header and the account area see the new session. */}
      <a href={target} className={buttonClass()}>
        Guardei os códigos, continuar
      </a>
    </Stack>
  );
}

/** The QR code, the same secret as text in groups of four, and the field for the app's first code. */
function Enrolment({
  setup,
  redirectTo,
  failure,
}: {
  setup: TwoFactorSetupView;
  redirectTo: string;
  failure: PlainRefusal | undefined;
}) {
  const navigation = useNavigation();
  const codeError = failure?.errors.code?.[0];
  const { settings } = useRootData();
  return (
    <Stack>
      <FormTitle>Ative a verificação em duas etapas</FormTitle>
      {failure?.message ? <Alert tone="danger">{failure.message}</Alert> : null}
      <p>
        O site exige a verificação em duas etapas para administradores. Antes de entrar, adicione este site a um
        aplicativo autenticador no seu celular (Google Authenticator, Microsoft Authenticator, Authy, 2FAS…).
      </p>
      <ol className={styles.steps}>
        <li>No aplicativo, escolha adicionar uma conta e leia o QR code:</li>
      </ol>
      <div
        className={styles.qr}
        role="img"
        aria-label={`QR code para adicionar ${settings?.title ?? "o site"} ao aplicativo autenticador. Ele contém a chave ${groupedSecret(setup.secret)}, escrita também abaixo.`}
        // The SVG is made by the server from the account's new secret (server/modules/auth/totp.ts), never from input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR image
        dangerouslySetInnerHTML={{ __html: setup.qr_svg }}
      />
      <ol className={styles.steps} start={2}>
        <li>
          Ou digite esta chave no aplicativo:
          <p className={styles.secret}>{groupedSecret(setup.secret)}</p>
        </li>
        <li>Digite o código de 6 dígitos que o aplicativo mostrar.</li>
      </ol>
      <Form method="post" aria-label="Ativar a verificação em duas etapas">
        <Stack>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Código de verificação"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={40}
            error={codeError}
          />
          <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
            Ativar e entrar
          </button>
        </Stack>
      </Form>
    </Stack>
  );
}

/** /login/ativar-verificacao: an administrator the site requires it of adds an authenticator before her session. */
export default function LoginEnrol({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const failure = plainRefusal(actionData);
  if (isEnrolled(actionData)) {
    return (
      <FormCard>
        <RecoveryCodes codes={actionData.recoveryCodes} target={actionData.target} />
      </FormCard>
    );
  }
  return (
    <FormCard>
      {loaderData.setup ? (
        <Enrolment setup={loaderData.setup} redirectTo={redirectTo} failure={failure} />
      ) : (
        <Stack>
          <FormTitle>Ative a verificação em duas etapas</FormTitle>
          <Alert tone="danger">{loaderData.expired}</Alert>
          <AppLink to={withRedirectTo(sitePaths.login, redirectTo)} className={ui.small}>
            Entrar
          </AppLink>
        </Stack>
      )}
    </FormCard>
  );
}
