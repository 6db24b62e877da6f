import { Alert, Button, Fieldset, Group, Paper, Stack, Title } from "@mantine/core";
import { roleLabels, type UserRole, userRoles } from "../../../common/roles.ts";
import { userCreateSchema, userUpdateSchema } from "../../../common/schemas/user.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { PasswordField, SelectField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

export type UserFormValues = { name: string; email: string; role: UserRole };

type UserFormProps = {
  title: string;
  defaultValue: UserFormValues;
  /** Only a super may grant the Super role (the server refuses it too). */
  canGrantSuper: boolean;
  answer: unknown;
};

export function NewUserForm(props: UserFormProps) {
  const { form, fields } = useAccountForm({
    schema: userCreateSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });
  return (
    <UserFields {...props} form={form} fields={fields} locked={false}>
      <PasswordField
        field={fields.password}
        label="Senha"
        autoComplete="new-password"
        description="Pelo menos 6 caracteres."
      />
    </UserFields>
  );
}

export function EditUserForm(
  props: UserFormProps & {
    /** Editing oneself: a new password takes the current one, as on the profile (the server refuses it too). */
    editingSelf: boolean;
  },
) {
  const { form, fields } = useAccountForm({
    schema: userUpdateSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });
  // An administrator may look at a Super but not change it: the service refuses any edit.
  const locked = props.defaultValue.role === "super" && !props.canGrantSuper;
  return (
    <UserFields {...props} form={form} fields={fields} locked={locked}>
      <PasswordField
        field={fields.password}
        label="Senha"
        autoComplete="new-password"
        description="Deixe em branco para manter a senha atual. Uma nova senha encerra as sessões abertas deste usuário."
      />
      {props.editingSelf ? (
        <PasswordField
          field={fields.current_password}
          label="Senha atual"
          autoComplete="current-password"
          required={Boolean(fields.password.value) || fields.email.value !== props.defaultValue.email}
          description="Necessária para trocar a sua própria senha ou o seu e-mail."
        />
      ) : null}
    </UserFields>
  );
}

type Fields = Parameters<typeof TextField>[0]["field"];

function UserFields(
  props: UserFormProps & {
    form: Parameters<typeof AccountForm>[0]["form"];
    fields: Record<"name" | "email" | "role", Fields>;
    locked: boolean;
    /** The password fields, which differ between a new user and an edit. */
    children: React.ReactNode;
  },
) {
  const { fields, locked } = props;
  const roles = userRoles
    .filter((role) => role !== "super" || props.canGrantSuper || locked)
    .map((role) => ({ value: role, label: roleLabels[role] }));

  return (
    <AccountForm form={props.form} label={props.title}>
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
              <TextField field={fields.name} label="Nome" maxLength={120} autoComplete="off" />
              <TextField field={fields.email} label="E-mail" type="email" autoComplete="off" />
              <SelectField
                field={fields.role}
                label="Perfil"
                options={roles}
                description={props.canGrantSuper ? undefined : "Apenas um usuário Super pode conceder o perfil Super."}
              />
              {props.children}
            </Stack>
          </Fieldset>
        </Paper>
        <Group>
          <SubmitButton disabled={locked}>Salvar</SubmitButton>
          <Button component={AppLink} to={accountPaths.area("users")} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
