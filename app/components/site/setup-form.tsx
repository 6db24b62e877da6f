import { Form, useActionData, useNavigation } from "react-router";
import { setupChecks } from "../../../common/form-checks.ts";
import { CHECK_FIELDS, plainRefusal } from "../../lib/form-answer.ts";
import { CheckboxField, FormCard, FormTitle, PasswordField } from "./form-fields.tsx";
import { Alert, buttonClass, Stack, TextField } from "./ui/ui.tsx";
import { useFormChecks } from "./use-form-checks.ts";

/**
 * The first-time setup form (docs/spec.md §§1, 2, 5): a plain form post to the home's action, so it
 * also works without JavaScript. Its error texts are red (spec §5), the kit's colour for them.
 */
export function SetupForm() {
  const navigation = useNavigation();
  const answer = useActionData();
  const failure = plainRefusal(answer);
  const checks = useFormChecks(setupChecks, failure?.errors);
  return (
    <FormCard>
      <Form method="post" aria-label="Configuração inicial" {...checks.form}>
        <Stack>
          <FormTitle>Configuração inicial</FormTitle>
          {failure ? <Alert tone="danger">{failure.message ?? CHECK_FIELDS}</Alert> : null}
          <TextField label="Título do site" name="title" required maxLength={120} error={checks.errors.title} />
          <TextField
            label="Nome do administrador"
            name="admin_name"
            autoComplete="name"
            required
            maxLength={120}
            error={checks.errors.admin_name}
          />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            error={checks.errors.email}
          />
          <CheckboxField
            label="Usar este e-mail como e-mail público de contato"
            description="Ele aparecerá no rodapé do site. Você pode definir outro depois, nas configurações."
            name="use_as_public_email"
          />
          <PasswordField
            label="Senha"
            name="password"
            autoComplete="new-password"
            required
            minLength={6}
            maxLength={200}
            error={checks.errors.password}
          />
          <PasswordField
            label="Confirmação da senha"
            name="password_confirmation"
            autoComplete="new-password"
            required
            maxLength={200}
            error={checks.errors.password_confirmation}
          />
          <button
            type="submit"
            className={buttonClass()}
            disabled={checks.blocked || navigation.state === "submitting"}
          >
            Salvar
          </button>
        </Stack>
      </Form>
    </FormCard>
  );
}
