import { Form } from "react-router";
import { registrationChecks } from "../../../common/customer-form-checks.ts";
import { RegistrationFields, type RegistrationValues } from "./registration-fields.tsx";
import { buttonClass, Stack } from "./ui/ui.tsx";
import { useFormChecks } from "./use-form-checks.ts";

/**
 * "Criar conta" on the checkout: a customer account (role user) made and signed in by the page's action,
 * which then shows the checkout again. Its own form, so the address fields never ask for the password again.
 */
export function CheckoutRegister({
  values,
  errors,
  busy,
}: {
  values: RegistrationValues | null;
  errors: Record<string, string[]>;
  busy: boolean;
}) {
  const checks = useFormChecks(registrationChecks, values ? errors : undefined);
  return (
    <Form method="post" aria-label="Criar conta" {...checks.form}>
      <Stack gap="sm">
        <h3>Criar conta</h3>
        <RegistrationFields values={values} errors={checks.errors} />
        <button type="submit" name="intent" value="register" className={buttonClass()} disabled={busy}>
          Criar conta e continuar
        </button>
      </Stack>
    </Form>
  );
}
