import { Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { stateOptions } from "../../../common/brazil/states.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { orderAddressCorrectionSchema } from "../../../common/schemas/orders.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import { answerFor } from "../../lib/form-answer.ts";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { SelectField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";

/** The order page's intent for correcting its delivery address (its action answers it). */
export const CORRECT_ADDRESS_INTENT = "correct-address";

/**
 * "Corrigir endereço e CPF/CNPJ" (administrators): the delivery address the label and the nota fiscal use, and
 * the buyer's CPF/CNPJ the note carries, opened from a native <details>, so it works before and without
 * JavaScript; open when a save was refused, or when the note waits on one of them (`open`).
 */
export function OrderAddressForm({
  address,
  taxId,
  answer,
  open = false,
}: {
  address: OrderAddress;
  /** The order's copy of the buyer's CPF/CNPJ, bare. */
  taxId: string;
  answer: unknown;
  open?: boolean;
}) {
  const own = answerFor(answer, CORRECT_ADDRESS_INTENT);
  const { form, fields } = useAccountForm({
    schema: orderAddressCorrectionSchema,
    defaultValue: { ...address, tax_id: taxId ? formatTaxId(taxId) : "" },
    answer: own,
    id: "order-address",
  });
  return (
    <details open={open || own !== undefined}>
      <summary style={{ cursor: "pointer", fontWeight: 600 }}>Corrigir endereço e CPF/CNPJ</summary>
      <AccountForm
        form={form}
        intent={CORRECT_ADDRESS_INTENT}
        label="Corrigir endereço e CPF/CNPJ"
        refusedTitle="O endereço não foi corrigido"
      >
        <Stack gap="sm" mt="sm">
          <Text size="sm" c="dimmed">
            O endereço e o CPF/CNPJ copiados no pedido são os da etiqueta e os da nota fiscal. A correção fica no
            histórico do pedido.
          </Text>
          <TextField
            field={fields.tax_id}
            label="CPF/CNPJ do cliente"
            description="Conferido pelos dígitos verificadores; vai na nota fiscal"
            autoComplete="off"
            maxLength={30}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField field={fields.postal_code} label="CEP" inputMode="numeric" autoComplete="off" />
            <SelectField field={fields.uf} label="Estado (UF)" options={stateOptions} placeholder="Escolha o estado" />
            <TextField field={fields.city} label="Cidade" />
            <TextField field={fields.neighborhood} label="Bairro" />
            <TextField field={fields.street} label="Rua" />
            <TextField field={fields.number} label="Número" />
            <TextField field={fields.complement} label="Complemento" />
          </SimpleGrid>
          <Group>
            <SubmitButton intent={CORRECT_ADDRESS_INTENT} variant="default">
              Salvar endereço e CPF/CNPJ
            </SubmitButton>
          </Group>
        </Stack>
      </AccountForm>
    </details>
  );
}
