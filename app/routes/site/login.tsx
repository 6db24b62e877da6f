import { Form, useNavigation, useSearchParams } from "react-router";
import { loginChecks } from "../../../common/form-checks.ts";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { loginSchema } from "../../../common/schemas/auth.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle, PasswordField } from "../../components/site/form-fields.tsx";
import { Alert, buttonClass, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import { getApp } from "../../lib/context.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { CHECK_FIELDS, plainRefusal } from "../../lib/form-answer.ts";
import { requireVisitor } from "../../lib/guards.server.ts";
import { signInAnswer } from "../../lib/sign-in.server.ts";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  requireVisitor(context);
  return null;
}

/** A right password signs in, or leads to the step of its own that asks for the code (login-code.tsx). */
export function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return formAction(request, loginSchema, async (input, form) => {
    // Worked out before signing in: nothing may fail between creating the session and answering.
    const target = safeRedirect(form.get("redirectTo"));
    const step = await app.services.auth.beginSignIn(input, app.clientAddress);
    return signInAnswer(app, step, target);
  });
}

export function meta() {
  return [{ title: "Entrar" }];
}

/**
 * A plain form post, so signing in also works without JavaScript; a refusal comes back as the
 * page's action data and shows above the form (the message) and beside the fields (their errors).
 */
export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const registerHref =
    redirectTo === "/" ? sitePaths.register : `${sitePaths.register}?redirectTo=${encodeURIComponent(redirectTo)}`;
  const failure = plainRefusal(actionData);
  const checks = useFormChecks(loginChecks, failure?.errors);
  return (
    <FormCard>
      <Form method="post" aria-label="Entrar" {...checks.form}>
        <Stack>
          <FormTitle>Entrar</FormTitle>
          {failure ? <Alert tone="danger">{failure.message ?? CHECK_FIELDS}</Alert> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={checks.errors.email}
          />
          <PasswordField
            label="Senha"
            name="password"
            autoComplete="current-password"
            required
            maxLength={200}
            error={checks.errors.password}
          />
          <AppLink to={sitePaths.forgotPassword} className={ui.small}>
            Esqueci minha senha
          </AppLink>
          <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
            Entrar
          </button>
          <p className={ui.small}>
            Ainda não tem conta? <AppLink to={registerHref}>Criar conta</AppLink>
          </p>
          <AppLink to="/" className={ui.small}>
            Voltar para o site
          </AppLink>
        </Stack>
      </Form>
    </FormCard>
  );
}
