import { Alert, Button, Fieldset, Group, Paper, PasswordInput, Select, Stack, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useNavigation, useSubmit } from "react-router";
import { roleLabels, type UserRole, userRoles } from "../../../common/roles.ts";
import { userCreateSchema, userUpdateSchema } from "../../../common/schemas/user.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { useServerErrors } from "../../lib/use-server-errors.ts";
import { AppLink } from "../app-link.tsx";

export type UserFormValues = { name: string; email: string; role: UserRole; password: string };

export function UserForm(props: {
  mode: "new" | "edit";
  title: string;
  initialValues: UserFormValues;
  /** Only a super may grant the Super role (the server refuses it too). */
  canGrantSuper: boolean;
  /** Editing oneself: a new password takes the current one, as on the profile (the server refuses it too). */
  editingSelf?: boolean;
  answer: unknown;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useForm<UserFormValues & { current_password: string }>({
    mode: "controlled",
    initialValues: { ...props.initialValues, current_password: "" },
    validate: schemaResolver(props.mode === "new" ? userCreateSchema : userUpdateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, props.answer);

  // An administrator may look at a Super but not change it: the service refuses any edit.
  const locked = props.initialValues.role === "super" && !props.canGrantSuper;
  const roles = userRoles
    .filter((role) => role !== "super" || props.canGrantSuper || locked)
    .map((role) => ({ value: role, label: roleLabels[role] }));

  return (
    <form
      aria-label={props.title}
      // The shared zod schema gives pt-BR messages beside the fields; the browser's own bubbles would hide them.
      noValidate
      onSubmit={form.onSubmit((values) => submit(values, { method: "post", encType: "application/json" }))}
    >
      <Stack maw={560}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {locked ? (
          <Alert color="warning" variant="light" title="Somente leitura">
            Apenas um usuário Super pode alterar os dados de outro usuário Super.
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <Fieldset variant="unstyled" disabled={locked}>
            <Stack>
              <TextInput label="Nome" required maxLength={120} autoComplete="off" {...form.getInputProps("name")} />
              <TextInput label="E-mail" type="email" required autoComplete="off" {...form.getInputProps("email")} />
              <Select
                label="Perfil"
                required
                data={roles}
                allowDeselect={false}
                description={props.canGrantSuper ? undefined : "Apenas um usuário Super pode conceder o perfil Super."}
                {...form.getInputProps("role")}
              />
              <PasswordInput
                label="Senha"
                required={props.mode === "new"}
                autoComplete="new-password"
                description={
                  props.mode === "new"
                    ? "Pelo menos 6 caracteres."
                    : "Deixe em branco para manter a senha atual. Uma nova senha encerra as sessões abertas deste usuário."
                }
                {...form.getInputProps("password")}
              />
              {props.editingSelf ? (
                <PasswordInput
                  label="Senha atual"
                  autoComplete="current-password"
                  required={form.values.password !== ""}
                  description="Necessária para trocar a sua própria senha."
                  {...form.getInputProps("current_password")}
                />
              ) : null}
            </Stack>
          </Fieldset>
        </Paper>
        <Group>
          <Button type="submit" loading={navigation.state === "submitting"} disabled={locked}>
            Salvar
          </Button>
          <Button component={AppLink} to={accountPaths.area("users")} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
