import { Button, Checkbox, Container, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";

// Spec §5: the setup form's error texts are red.
const redErrors = { error: { color: "var(--mantine-color-danger-6)" } };

/** The first-time setup form (docs/spec.md §§1, 2, 5). It also posts without JavaScript. */
export function SetupForm() {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm({
    mode: "controlled",
    initialValues: {
      title: "",
      admin_name: "",
      email: "",
      use_as_public_email: false,
      password: "",
      password_confirmation: "",
    },
    validate: schemaResolver(setupSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, useActionData());

  return (
    <Container size="xs" py="xl">
      <Paper withBorder p="lg" radius="md">
        <Form
          noValidate
          method="post"
          aria-label="Configuração inicial"
          onSubmit={form.onSubmit((values) => submit(values, { method: "post", encType: "application/json" }))}
        >
          <Stack>
            <Title order={1} size="h2">
              Configuração inicial
            </Title>
            <TextInput
              label="Título do site"
              name="title"
              required
              styles={redErrors}
              {...form.getInputProps("title")}
            />
            <TextInput
              label="Nome do administrador"
              name="admin_name"
              autoComplete="name"
              required
              styles={redErrors}
              {...form.getInputProps("admin_name")}
            />
            <TextInput
              label="E-mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              styles={redErrors}
              {...form.getInputProps("email")}
            />
            <Checkbox
              label="Usar este e-mail como e-mail público de contato"
              description="Ele aparecerá no rodapé do site. Você pode definir outro depois, nas configurações."
              name="use_as_public_email"
              {...form.getInputProps("use_as_public_email", { type: "checkbox" })}
            />
            <PasswordInput
              label="Senha"
              name="password"
              autoComplete="new-password"
              required
              styles={redErrors}
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label="Confirmação da senha"
              name="password_confirmation"
              autoComplete="new-password"
              required
              styles={redErrors}
              {...form.getInputProps("password_confirmation")}
            />
            <Button type="submit" disabled={hydrated && !form.isValid()} loading={navigation.state === "submitting"}>
              Salvar
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Container>
  );
}
