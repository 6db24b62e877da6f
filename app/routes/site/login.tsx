import { Anchor, Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Form, redirect, useActionData, useNavigation, useSearchParams, useSubmit } from "react-router";
import { safeRedirect } from "../../../common/safe-redirect.ts";
import { loginSchema } from "../../../common/schemas/auth.ts";
import { AppLink } from "../../components/app-link.tsx";
import { formAction } from "../../lib/action.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { requireVisitor } from "../../lib/guards.server.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  requireVisitor(context);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress, sessionCookie } = getApp(context);
  return formAction(request, loginSchema, async (input, submitted) => {
    // Worked out before signing in: nothing may fail between creating the session and answering.
    const target = safeRedirect(submitted.redirectTo);
    const { session } = await services.auth.login(input, clientAddress);
    return redirect(target, { headers: { "Set-Cookie": sessionCookie(session.token) } });
  });
}

export function meta() {
  return [{ title: "Entrar" }];
}

export default function Login() {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(loginSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, useActionData());
  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Form
          noValidate
          method="post"
          aria-label="Entrar"
          onSubmit={form.onSubmit((values) =>
            submit({ ...values, redirectTo }, { method: "post", encType: "application/json" }),
          )}
        >
          <Stack>
            <Title order={1} size="h2">
              Entrar
            </Title>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextInput
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps("email")}
            />
            <PasswordInput
              label="Senha"
              name="password"
              autoComplete="current-password"
              required
              {...form.getInputProps("password")}
            />
            <Button type="submit" disabled={hydrated && !form.isValid()} loading={navigation.state === "submitting"}>
              Entrar
            </Button>
            <Anchor component={AppLink} to="/" size="sm">
              Voltar para o site
            </Anchor>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}
