import { Button, Paper, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { profileSchema } from "../../../common/schemas/user.ts";
import { formAction, savedInPlace } from "../../lib/action.server.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { useOnAnswer, useServerErrors } from "../../lib/use-server-errors.ts";
import type { Route } from "./+types/profile";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  return { profile: await services.users.profile(actor) };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services, actor, sessionToken } = requireUser(context);
  return formAction(request, profileSchema, async (input) => {
    await services.users.updateProfile(actor, input, sessionToken);
    return savedInPlace("Seus dados foram atualizados.");
  });
}

export function meta() {
  return [{ title: "Meus dados" }];
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const form = useForm({
    mode: "controlled",
    initialValues: {
      name: loaderData.profile.name,
      email: loaderData.profile.email,
      current_password: "",
      password: "",
      password_confirmation: "",
    },
    validate: schemaResolver(profileSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, answer);
  useOnAnswer(answer, (value) => {
    if ("ok" in value && value.ok) {
      notifySuccess(value.message);
      form.setValues({ current_password: "", password: "", password_confirmation: "" });
    }
  });

  return (
    <form
      noValidate
      aria-label="Meus dados"
      onSubmit={form.onSubmit((values) => submit(values, { method: "post", encType: "application/json" }))}
    >
      <Stack maw={560}>
        <Title order={1} size="h2">
          Meus dados
        </Title>
        <Paper withBorder p="md">
          <Stack>
            <TextInput label="Nome" required autoComplete="name" {...form.getInputProps("name")} />
            <TextInput label="E-mail" type="email" required autoComplete="email" {...form.getInputProps("email")} />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Trocar a senha
            </Title>
            <PasswordInput
              label="Senha atual"
              autoComplete="current-password"
              {...form.getInputProps("current_password")}
            />
            <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps("password")} />
            <PasswordInput
              label="Confirmação da nova senha"
              autoComplete="new-password"
              {...form.getInputProps("password_confirmation")}
            />
          </Stack>
        </Paper>
        <Button type="submit" loading={navigation.state === "submitting"} w="fit-content">
          Salvar
        </Button>
      </Stack>
    </form>
  );
}
