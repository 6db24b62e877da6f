import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle } from "../../components/site/form-fields.tsx";
import { Alert, buttonClass, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { plainRefusal } from "../../lib/form-answer.ts";
import { requireVisitor } from "../../lib/guards.server.ts";
import { backToLogin, codeStepAction, openChallenge, signInAnswer } from "../../lib/sign-in.server.ts";
import { withRedirectTo } from "../../lib/sign-in-steps.ts";
import type { Route } from "./+types/login-code";

/** The query that switches the field to a recovery code (a link, so it works without JavaScript). */
const RECOVERY = "recuperacao";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Only with a challenge for a code (after a right password); else back to the password, or on to enrolment. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireVisitor(context);
  const app = getApp(context);
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const challenge = await openChallenge(app, request);
  if (!challenge) throw await backToLogin(app, redirectTo);
  if (challenge.purpose === "enrol") throw redirect(withRedirectTo(sitePaths.loginEnrol, redirectTo));
  return { recovery: url.searchParams.has(RECOVERY) };
}

/**
 * A right code opens the session; a challenge that ends (expired, too many wrong codes) or is not this
 * step's goes back to the password.
 */
export function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  // An enrolment's challenge is answered on its own page, which shows the recovery codes.
  return codeStepAction(app, request, "code", async (token, code, target) => {
    const { session, user } = await app.services.auth.answerChallenge(token, code, "code");
    return signInAnswer(app, { kind: "session", session, user }, target);
  });
}

export function meta() {
  return [{ title: "Verificação em duas etapas" }];
}

/**
 * /login/verificacao: the code from the authenticator app, or one of the recovery codes, on a plain form
 * (it works without JavaScript).
 */
export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const failure = plainRefusal(actionData);
  const codeError = failure?.errors.code?.[0];
  const { recovery } = loaderData;
  return (
    <FormCard>
      <Form method="post" aria-label="Verificação em duas etapas">
        <Stack>
          <FormTitle>Verificação em duas etapas</FormTitle>
          {failure?.message ? <Alert tone="danger">{failure.message}</Alert> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {recovery ? (
            <TextField
              key="recovery"
              label="Código de recuperação"
              name="code"
              hint="Um dos códigos que você guardou ao ativar a verificação. Cada código funciona uma vez."
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              error={codeError}
            />
          ) : (
            <TextField
              key="app"
              label="Código de verificação"
              name="code"
              hint="Abra o aplicativo autenticador e digite o código de 6 dígitos deste site."
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              maxLength={40}
              error={codeError}
            />
          )}
          <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
            Verificar
          </button>
          <AppLink
            to={withRedirectTo(sitePaths.loginCode, redirectTo, recovery ? "" : RECOVERY)}
            className={ui.small}
            replace
          >
            {recovery ? "Usar o código do aplicativo" : "Não está com o celular? Usar um código de recuperação"}
          </AppLink>
          <AppLink to={withRedirectTo(sitePaths.login, redirectTo)} className={ui.small}>
            Entrar com outra conta
          </AppLink>
        </Stack>
      </Form>
    </FormCard>
  );
}
