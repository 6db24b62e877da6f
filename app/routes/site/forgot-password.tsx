import { Form, useNavigation } from "react-router";
import { resetRequestChecks } from "../../../common/customer-form-checks.ts";
import { RESET_REQUESTED } from "../../../common/password-reset-messages.ts";
import { passwordResetRequestSchema } from "../../../common/schemas/password-reset.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle } from "../../components/site/form-fields.tsx";
import { Alert, buttonClass, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import { getApp } from "../../lib/context.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { CHECK_FIELDS, plainRefusal } from "../../lib/form-answer.ts";
import type { Route } from "./+types/forgot-password";

/** The same answer whether or not the address has an account (server/modules/auth/password-reset.ts). */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = getApp(context);
  return formAction(request, passwordResetRequestSchema, async ({ email }) => {
    await services.auth.requestPasswordReset(email, clientAddress);
    return { ok: true as const, message: RESET_REQUESTED };
  });
}

export function meta() {
  return [{ title: "Esqueci minha senha" }];
}

/** /esqueci-minha-senha: for everyone, customers and administrators alike; works without JavaScript. */
export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = plainRefusal(actionData);
  const sent = actionData && "ok" in actionData ? actionData : undefined;
  const checks = useFormChecks(resetRequestChecks, failure?.errors);
  return (
    <FormCard>
      <Form method="post" aria-label="Esqueci minha senha" {...checks.form}>
        <Stack>
          <FormTitle>Esqueci minha senha</FormTitle>
          {failure ? <Alert tone="danger">{failure.message ?? CHECK_FIELDS}</Alert> : null}
          {sent ? (
            <Alert tone="success">{sent.message} O link vale por uma hora e só pode ser usado uma vez.</Alert>
          ) : (
            <p>Informe o e-mail da sua conta: enviaremos um link para criar uma nova senha.</p>
          )}
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={checks.errors.email}
          />
          <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
            Enviar link
          </button>
          <AppLink to={sitePaths.login} className={ui.small}>
            Voltar para o login
          </AppLink>
        </Stack>
      </Form>
    </FormCard>
  );
}
