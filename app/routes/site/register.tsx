import { Form, useNavigation, useSearchParams } from "react-router";
import { registrationChecks } from "../../../common/customer-form-checks.ts";
import { parseInput } from "../../../common/parse-input.ts";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { registrationSchema } from "../../../common/schemas/customer.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle } from "../../components/site/form-fields.tsx";
import { RegistrationFields } from "../../components/site/registration-fields.tsx";
import { Alert, buttonClass, Stack, ui } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import { submissionAction } from "../../lib/action.server.ts";
import { refused } from "../../lib/checkout.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { requireVisitor } from "../../lib/guards.server.ts";
import { isFailure } from "../../lib/use-server-errors.ts";
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
  return submissionAction(request, async (submitted) => {
    try {
      const input = parseInput(registrationSchema, submitted);
      const target = safeRedirect(submitted.redirectTo, accountPaths.home);
      const { session } = await flows.signUp(services, input, clientAddress);
      const headers = new Headers({ "Set-Cookie": sessionCookie(session.token) });
      return redirectWithFlash(target, "Conta criada. Boas-vindas!", headers);
    } catch (error) {
      return refused(error, { registration: submitted });
    }
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
  const failure = isFailure(actionData) ? actionData : undefined;
  const typed = actionData && "registration" in actionData ? actionData.registration : null;
  const checks = useFormChecks(registrationChecks, failure?.errors);
  const emailTaken = failure?.errors.email?.some((text) => text.startsWith("Já existe uma conta"));
  return (
    <FormCard>
      <Form method="post" aria-label="Criar conta" {...checks.form}>
        <Stack>
          <FormTitle>Criar conta</FormTitle>
          {failure ? <Alert tone="danger">{failure.message}</Alert> : null}
          {emailTaken ? (
            <p className={ui.small}>
              <AppLink to={sitePaths.login}>Entrar</AppLink> ou{" "}
              <AppLink to={sitePaths.forgotPassword}>redefinir a senha</AppLink>
            </p>
          ) : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <RegistrationFields values={typed} errors={checks.errors} />
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
