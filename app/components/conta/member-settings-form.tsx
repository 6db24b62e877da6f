import { Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import {
  asaasBillingLabels,
  asaasBillings,
  asaasEnvironmentLabels,
  asaasEnvironments,
  duesProviderLabels,
  duesProviders,
  MAX_ASAAS_API_KEY,
  MAX_ASAAS_WEBHOOK_TOKEN,
  MAX_REMINDER_DAYS_AFTER,
  MAX_REMINDER_DAYS_BEFORE,
  MAX_REMINDERS_PER_KIND,
  MIN_ASAAS_WEBHOOK_TOKEN,
  memberSettingsSchema,
} from "../../../common/schemas/members.ts";
import type { MemberSettingsView } from "../../../common/views/members.ts";
import { z } from "../../../common/zod.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, type Field, PasswordField, SelectField, TextField } from "../form-kit/fields.tsx";
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

/** The stored settings as the form shows them: the days in their order, the CNPJ punctuated, Asaas's secrets never sent back. */
export function memberSettingsFormValues(settings: MemberSettingsView) {
  const { reminders, payments } = settings;
  return {
    organization_cnpj: settings.organization_cnpj === "" ? "" : formatTaxId(settings.organization_cnpj),
    reminders: {
      before: { enabled: reminders.before.enabled, days: daysText(reminders.before.days, "descending") },
      on_day: { enabled: reminders.on_day.enabled },
      after: { enabled: reminders.after.enabled, days: daysText(reminders.after.days, "ascending") },
    },
    payments: {
      provider: payments.provider,
      asaas: {
        api_key: "",
        webhook_token: "",
        environment: payments.asaas.environment,
        billing: payments.asaas.billing,
      },
    },
  };
}

const providerOptions = duesProviders.map((value) => ({ value, label: duesProviderLabels[value] }));
const environmentOptions = asaasEnvironments.map((value) => ({ value, label: asaasEnvironmentLabels[value] }));
const billingOptions = asaasBillings.map((value) => ({ value, label: asaasBillingLabels[value] }));

/** The events Asaas's webhook must send for the dues to follow it. */
const ASAAS_EVENTS = [
  "PAYMENT_CREATED",
  "PAYMENT_UPDATED",
  "PAYMENT_CONFIRMED",
  "PAYMENT_RECEIVED",
  "PAYMENT_OVERDUE",
  "PAYMENT_DELETED",
  "PAYMENT_REFUNDED",
  "PAYMENT_PARTIALLY_REFUNDED",
];

/** Asaas's account: its key, its webhook's token, the environment and how members are charged; where to send the webhook. */
function AsaasFields({ fields, view }: { fields: AsaasFieldset; view: MemberSettingsView["payments"] }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Cada associado vira um cliente no Asaas, com uma assinatura do seu plano: o Asaas gera a cobrança de cada
        mensalidade (Pix ou boleto) e avisa este site quando ela é paga, vence ou é estornada.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField field={fields.environment} label="Ambiente do Asaas" options={environmentOptions} />
        <SelectField field={fields.billing} label="Forma de cobrança" options={billingOptions} />
        <PasswordField
          field={fields.api_key}
          label="Chave de API do Asaas"
          description={
            view.asaas.api_key_set
              ? "Uma chave já está salva (configurado): deixe em branco para mantê-la. Outra chave, ou outro ambiente, é outra conta do Asaas: os associados e as mensalidades em aberto são cadastrados de novo nela, e o que ficou na conta anterior se encerra no painel dela."
              : "No Asaas, em Integrações > Chaves de API. A do sandbox começa com $aact_hmlg_."
          }
          autoComplete="new-password"
          maxLength={MAX_ASAAS_API_KEY}
        />
        <PasswordField
          field={fields.webhook_token}
          label="Token de autenticação do webhook"
          description={
            view.asaas.webhook_token_set
              ? "Um token já está salvo (configurado): deixe em branco para mantê-lo."
              : `O mesmo informado no webhook do Asaas: de ${MIN_ASAAS_WEBHOOK_TOKEN} a ${MAX_ASAAS_WEBHOOK_TOKEN} caracteres, sem espaços, diferente da chave de API.`
          }
          autoComplete="new-password"
          maxLength={MAX_ASAAS_WEBHOOK_TOKEN}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Webhook no Asaas
        </Text>
        {view.webhook_url === null ? (
          <Text size="sm">
            O endereço do site (BASE_URL) não está configurado: sem ele, o Asaas não tem para onde avisar os pagamentos.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Em Integrações &gt; Webhooks, crie um webhook com este endereço, o token acima, envio sequencial, e os
              eventos de cobrança abaixo:
            </Text>
            <Code block style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }} data-testid="asaas-webhook-url">
              {view.webhook_url}
            </Code>
          </>
        )}
        <List size="sm" spacing={2}>
          {ASAAS_EVENTS.map((event) => (
            <List.Item key={event}>
              <Code>{event}</Code>
            </List.Item>
          ))}
        </List>
      </Stack>
    </>
  );
}

type AsaasFieldset = Record<"api_key" | "webhook_token" | "environment" | "billing", Field>;

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
 * day, on it and after it, each kind switched on or off with its days, the CNPJ the receipts carry, and how the
 * dues are paid (the shop's Pix or Asaas). A plain form that saves without JavaScript; Asaas's fields show only
 * while it is chosen, and all at once before the page runs.
 */
export function MemberSettingsForm({ defaultValue, answer }: { defaultValue: MemberSettingsView; answer: unknown }) {
  const hydrated = useHydrated();
  const { form, fields } = useAccountForm({
    schema: memberSettingsFormSchema,
    defaultValue: memberSettingsFormValues(defaultValue),
    answer,
  });
  const reminders = fields.reminders.getFieldset();
  const beforeFields = reminders.before.getFieldset();
  const afterFields = reminders.after.getFieldset();
  const payments = fields.payments.getFieldset();
  const asaas = payments.asaas.getFieldset();
  return (
    <AccountForm form={form} label="Configurações dos associados">
      <Stack maw={760}>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Pagamento das mensalidades
            </Title>
            <SelectField field={payments.provider} label="Como as mensalidades são pagas" options={providerOptions} />
            {!hydrated || payments.provider.value === "shop_pix" ? (
              <Text size="sm" c="dimmed">
                Pix da loja: cada mensalidade em aberto tem seu código Pix, com a chave Pix configurada em Loja;
                registre cada pagamento na página do associado.
              </Text>
            ) : null}
            {/* Hidden rather than left out: its fields still post, so the saved environment and billing stay. */}
            <Stack display={!hydrated || payments.provider.value === "asaas" ? undefined : "none"}>
              <AsaasFields
                fields={{
                  api_key: asaas.api_key,
                  webhook_token: asaas.webhook_token,
                  environment: asaas.environment,
                  billing: asaas.billing,
                }}
                view={defaultValue.payments}
              />
            </Stack>
          </Stack>
        </Paper>
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
