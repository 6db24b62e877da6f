import { Form, useNavigation, useSearchParams } from "react-router";
import { registrationChecks } from "../../../common/customer-form-checks.ts";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { registrationSchema } from "../../../common/schemas/customer.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle } from "../../components/site/form-fields.tsx";
import { RegistrationFields } from "../../components/site/registration-fields.tsx";
import { Alert, buttonClass, Stack, ui } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import { getApp } from "../../lib/context.server.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { CHECK_FIELDS, plainRefusal } from "../../lib/form-answer.ts";
import { requireVisitor } from "../../lib/guards.server.ts";
import type { Route } from "./+types/register";

export function loader({ context }: Route.LoaderArgs) {
  requireVisitor(context);
  return null;
}

/**
 * Creates the customer's account and signs her in, in one transaction: no account is left half made.
 * A refusal gives back what she typed but the passwords, so a plain form post (no JavaScript) keeps it.
 */
export function action({ request, context }: Route.ActionArgs) {
  const { services, flows, clientAddress, sessionCookie } = getApp(context);
  return formAction(request, registrationSchema, async (input, form) => {
    const target = safeRedirect(form.get("redirectTo"), accountPaths.home);
    const { session } = await flows.signUp(services, input, clientAddress);
    const headers = new Headers({ "Set-Cookie": sessionCookie(session.token) });
    return redirectWithFlash(target, "Conta criada. Boas-vindas!", headers);
  });
}

export function meta() {
  return [{ title: "Criar conta" }];
}

/** /criar-conta: a customer's account (role user), reached from /login; a plain form post, so it works without JavaScript. */
export default function Register({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"), accountPaths.home);
  const failure = plainRefusal(actionData);
  const checks = useFormChecks(registrationChecks, failure?.errors);
  const emailTaken = failure?.errors.email?.some((text) => text.startsWith("Já existe uma conta"));
  return (
    <FormCard>
      <Form method="post" aria-label="Criar conta" {...checks.form}>
        <Stack>
          <FormTitle>Criar conta</FormTitle>
          {failure ? <Alert tone="danger">{failure.message ?? CHECK_FIELDS}</Alert> : null}
          {emailTaken ? (
            <p className={ui.small}>
              <AppLink to={sitePaths.login}>Entrar</AppLink> ou{" "}
              <AppLink to={sitePaths.forgotPassword}>redefinir a senha</AppLink>
            </p>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <RegistrationFields values={failure?.values} errors={checks.errors} />
          <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
            Criar conta
          </button>
          <p className={ui.small}>
            Já tem conta? <AppLink to={sitePaths.login}>Entrar</AppLink>
          </p>
        </Stack>
      </Form>
    </FormCard>
  );
}
