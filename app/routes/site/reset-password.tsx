import { Form, useNavigation } from "react-router";
import { newPasswordChecks } from "../../../common/customer-form-checks.ts";
import { RESET_LINK_DEAD } from "../../../common/password-reset-messages.ts";
import { passwordResetSchema } from "../../../common/schemas/password-reset.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { FormCard, FormTitle, PasswordField } from "../../components/site/form-fields.tsx";
import { Alert, buttonClass, Stack } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import { getApp } from "../../lib/context.server.ts";
import { flashHeader } from "../../lib/flash.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { CHECK_FIELDS, plainRefusal } from "../../lib/form-answer.ts";
import { signInAnswer } from "../../lib/sign-in.server.ts";
import type { Route } from "./+types/reset-password";

// The page carries the link's token: never kept by the page cache or the browser's.
const PERSONAL = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PERSONAL, "Referrer-Policy": "no-referrer" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable =
    token.length > 0 && token.length <= 200 && (await getApp(context).services.auth.isResetLinkUsable(token));
  return { token: usable ? token : "" };
}

/**
 * Sets the password, ends every session of the account, and signs this browser in; an account with a
 * second step goes on to it (the code, or adding an authenticator) instead: a reset link is not a way around it.
 */
export function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  return formAction(request, passwordResetSchema, async (input) => {
    const step = await app.services.transaction(async (tx) =>
      tx.auth.continueSignIn(await tx.auth.resetPassword(input), "senha redefinida"),
    );
    const message =
      step.kind === "session"
        ? "Senha alterada. As outras sessões foram encerradas."
        : "Senha alterada. As outras sessões foram encerradas. Falta só a verificação em duas etapas.";
    const headers = new Headers({ "Set-Cookie": await flashHeader("success", message) });
    return signInAnswer(app, step, accountPaths.home, headers);
  });
}

export function meta() {
  return [{ title: "Redefinir senha" }];
}

function DeadLink({ message }: { message: string }) {
  return (
    <Stack>
      <Alert tone="danger">{message}</Alert>
      <AppLink to={sitePaths.forgotPassword} className={buttonClass()}>
        Pedir um novo link
      </AppLink>
    </Stack>
  );
}

/** /redefinir-senha?token=...: the e-mailed link's page; a plain form post, so it works without JavaScript. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const failure = plainRefusal(actionData);
  const checks = useFormChecks(newPasswordChecks, failure?.errors);
  const deadLink = failure?.errors.token?.[0];
  return (
    <FormCard>
      <Stack>
        <FormTitle>Redefinir senha</FormTitle>
        {!loaderData.token || deadLink ? (
          <DeadLink message={deadLink ?? RESET_LINK_DEAD} />
        ) : (
          <Form method="post" aria-label="Redefinir senha" {...checks.form}>
            <Stack>
              {failure ? <Alert tone="danger">{failure.message ?? CHECK_FIELDS}</Alert> : null}
              <input type="hidden" name="token" value={loaderData.token} />
              <PasswordField
                label="Nova senha"
                name="password"
                autoComplete="new-password"
                required
                minLength={6}
                maxLength={200}
                error={checks.errors.password}
              />
              <PasswordField
                label="Confirmação da nova senha"
                name="password_confirmation"
                autoComplete="new-password"
                required
                maxLength={200}
                error={checks.errors.password_confirmation}
              />
              <button type="submit" className={buttonClass()} disabled={navigation.state === "submitting"}>
                Salvar nova senha
              </button>
            </Stack>
          </Form>
        )}
      </Stack>
    </FormCard>
  );
}
