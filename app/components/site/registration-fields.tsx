import { PasswordField } from "./form-fields.tsx";
import { TextField } from "./ui/ui.tsx";

/** What a refused sign-up gives back to its form: everything she typed but the passwords. */
export type RegistrationValues = { name: string; email: string; tax_id: string; phone: string; organization: string };

/**
 * The fields of a customer's account (common/schemas/customer.ts registrationSchema), shared by /criar-conta
 * and the checkout's "Criar conta".
 */
export function RegistrationFields({
  values,
  errors,
}: {
  values?: Partial<RegistrationValues> | null;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <TextField
        label="Nome"
        name="name"
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={values?.name}
        error={errors.name}
      />
      <TextField
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values?.email}
        error={errors.email}
      />
      <PasswordField
        label="Senha"
        name="password"
        autoComplete="new-password"
        required
        minLength={6}
        maxLength={200}
        error={errors.password}
      />
      <PasswordField
        label="Confirmação da senha"
        name="password_confirmation"
        autoComplete="new-password"
        required
        maxLength={200}
        error={errors.password_confirmation}
      />
      <CustomerFields values={values} errors={errors} />
    </>
  );
}

type CustomerValues = { tax_id: string; phone: string; organization: string };

/**
 * The fields every customer account has beyond name and e-mail (common/schemas/customer.ts
 * customerFields): in the sign-up and in the checkout's buyer details.
 */
export function CustomerFields({
  values,
  errors,
}: {
  values?: Partial<CustomerValues> | null;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <TextField
        label="CPF ou CNPJ"
        name="tax_id"
        autoComplete="off"
        required
        maxLength={30}
        hint="Somente números ou com pontuação; aceita o CNPJ com letras."
        defaultValue={values?.tax_id}
        error={errors.tax_id}
      />
      <TextField
        label="Telefone com DDD"
        name="phone"
        // The number without +55 (tel-national), which HTML allows on a text field only; the phone's
        // keypad comes from inputMode.
        inputMode="tel"
        autoComplete="tel-national"
        required
        maxLength={30}
        defaultValue={values?.phone}
        error={errors.phone}
      />
      <TextField
        label="Organização (opcional)"
        name="organization"
        autoComplete="organization"
        maxLength={160}
        defaultValue={values?.organization}
        error={errors.organization}
      />
    </>
  );
}
