import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import {
  MAX_REMINDER_DAYS_AFTER,
  MAX_REMINDER_DAYS_BEFORE,
  MAX_REMINDERS_PER_KIND,
  memberSettingsSchema,
} from "../../../common/schemas/members.ts";
import type { MemberSettingsView } from "../../../common/views/members.ts";
import { z } from "../../../common/zod.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, type Field, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { MEMBERS_LIST } from "./member-paths.ts";

/** The days as typed, "5, 1": numbers apart by commas, semicolons or spaces; an empty field is no day. */
const daysOfText = (value: unknown) =>
  typeof value === "string" ? value.split(/[\s,;]+/).filter((day) => day !== "") : (value ?? []);

const { before, on_day, after } = memberSettingsSchema.shape.reminders.shape;

/**
 * The settings' schema as the form posts it: the shared one (memberSettingsSchema), with each kind's days in
 * one text field, read into the list that schema checks, with its messages.
 */
export const memberSettingsFormSchema = memberSettingsSchema.extend({
  reminders: z.object({
    before: before.extend({ days: z.preprocess(daysOfText, before.shape.days) }),
    on_day,
    after: after.extend({ days: z.preprocess(daysOfText, after.shape.days) }),
  }),
});

/** The days in the order they come around the due day: 5 and 1 before it, 3 and 10 after it. */
const daysText = (days: number[], order: "descending" | "ascending") =>
  [...days].sort((a, b) => (order === "descending" ? b - a : a - b)).join(", ");

export function memberSettingsFormValues(settings: MemberSettingsView) {
  const { reminders } = settings;
  return {
    organization_cnpj: settings.organization_cnpj === "" ? "" : formatTaxId(settings.organization_cnpj),
    reminders: {
      before: { enabled: reminders.before.enabled, days: daysText(reminders.before.days, "descending") },
      on_day: { enabled: reminders.on_day.enabled },
      after: { enabled: reminders.after.enabled, days: daysText(reminders.after.days, "ascending") },
    },
  };
}

type DaysField = Field & { allErrors: Record<string, string[]> };

/**
 * The days' field with its own errors and its values' ("reminders.before.days[1]"), each said once. Conform's
 * metadata is a proxy whose properties are read one by one: spread, it would copy none.
 */
const withValueErrors = (field: DaysField): Field => ({
  key: field.key,
  id: field.id,
  name: field.name,
  defaultValue: field.defaultValue,
  initialValue: field.initialValue,
  errors: [...new Set(Object.values(field.allErrors).flat())],
  required: field.required,
});

const daysHint = (max: number, example: string) =>
  `Até ${MAX_REMINDERS_PER_KIND} números de 1 a ${max}, separados por vírgula, como ${example}. Em branco: nenhum.`;

/**
 * The members' settings: the dues' reminders by e-mail (an open due of a member who owes dues) before the due
 * day, on it and after it, each kind switched on or off with its days, and the CNPJ the receipts carry. A plain
 * form that saves without JavaScript.
 */
export function MemberSettingsForm({ defaultValue, answer }: { defaultValue: MemberSettingsView; answer: unknown }) {
  const { form, fields } = useAccountForm({
    schema: memberSettingsFormSchema,
    defaultValue: memberSettingsFormValues(defaultValue),
    answer,
  });
  const reminders = fields.reminders.getFieldset();
  const beforeFields = reminders.before.getFieldset();
  const afterFields = reminders.after.getFieldset();
  return (
    <AccountForm form={form} label="Configurações dos associados">
      <Stack maw={760}>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Lembretes das mensalidades
            </Title>
            <Text size="sm">
              Cada associado que deve mensalidades recebe por e-mail a mensalidade em aberto, com o código Pix, nos dias
              escolhidos. Cada lembrete vai uma vez; paga ou dispensada, a mensalidade não tem mais lembretes.
            </Text>
            <CheckboxField field={beforeFields.enabled} label="Antes do vencimento" />
            <TextField
              field={withValueErrors(beforeFields.days)}
              label="Dias antes do vencimento"
              description={daysHint(MAX_REMINDER_DAYS_BEFORE, "5, 1")}
              inputMode="numeric"
              autoComplete="off"
              maw={320}
            />
            <CheckboxField field={reminders.on_day.getFieldset().enabled} label="No dia do vencimento" />
            <CheckboxField
              field={afterFields.enabled}
              label="Depois do vencimento"
              description="Enquanto a mensalidade estiver em aberto."
            />
            <TextField
              field={withValueErrors(afterFields.days)}
              label="Dias depois do vencimento"
              description={daysHint(MAX_REMINDER_DAYS_AFTER, "3, 10")}
              inputMode="numeric"
              autoComplete="off"
              maw={320}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Recibos
            </Title>
            <TextField
              field={fields.organization_cnpj}
              label="CNPJ da cooperativa"
              description="Sai nos recibos das mensalidades pagas. Em branco: os recibos saem sem CNPJ."
              inputMode="numeric"
              autoComplete="off"
              maxLength={30}
              maw={320}
            />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={MEMBERS_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
