import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { Form, redirect, useActionData } from "react-router";
import { stateOptions } from "../../../common/brazil/states.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { siteClock } from "../../../common/dates/time-zone.ts";
import { failureOf } from "../../../common/failure.ts";
import {
  fiscalEnvironmentLabels,
  issueModeLabels,
  originLabels,
  taxRegimeLabels,
  taxSituationLabels,
} from "../../../common/fiscal-labels.ts";
import {
  fiscalEnvironments,
  fiscalSettingsInputSchema,
  issueModes,
  TAX_SITUATIONS,
  taxRegimes,
} from "../../../common/schemas/fiscal.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { FiscalSettingsView, NoteAttentionView } from "../../../common/views/fiscal.ts";
import { AppLink } from "../../components/app-link.tsx";
import { NoteStateBadge } from "../../components/conta/order-note.tsx";
import { StackedCell, StackedTable } from "../../components/conta/record-table.tsx";
import { AccountForm, SubmitButton } from "../../components/form-kit/account-form.tsx";
import { CheckboxField, PasswordField, SelectField, TextField } from "../../components/form-kit/fields.tsx";
import { useAccountForm } from "../../components/form-kit/use-account-form.ts";
import { flashHeader, redirectWithFlash } from "../../lib/flash.server.ts";
import { intentAction, submitForm } from "../../lib/form-action.server.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import type { Route } from "./+types/fiscal";

const FISCAL = accountPaths.area("fiscal");
/** The accountant's zip of a month's XMLs (server/modules/fiscal/routes.ts), which the session cookie signs in. */
const EXPORT_URL = "/api/fiscal/export";
const HEADING = "Notas fiscais";

/** The page's forms: the settings, and "Testar conexão" in a form of its own, outside them, so it posts nothing else. */
export const fiscalIntents = { save: "save", test: "test-connection" } as const;
const TEST_FORM = "fiscal-connection-test";

/** The month before this one on São Paulo's clock: the one an accountant usually asks for. */
function lastMonth(now: number): string {
  const { year, month } = siteClock(now);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, "0")}`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const [settings, attention] = await Promise.all([services.fiscal.settings(actor), services.fiscal.attention(actor)]);
  return { settings, attention, lastMonth: lastMonth(Date.now()) };
}

/** The save's flash: a webhook the provider did not take is named, since the notes then wait for the next poll. */
const savedText = (saved: FiscalSettingsView) =>
  saved.enabled && saved.webhook.error
    ? "Configurações fiscais salvas, mas o aviso automático (webhook) não foi registrado: veja a seção Aviso automático."
    : "Configurações fiscais salvas.";

const flashRedirect = async (type: "success" | "error", message: string) =>
  redirect(FISCAL, { headers: { "Set-Cookie": await flashHeader(type, message) } });

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return intentAction(request, {
    [fiscalIntents.save]: (form) =>
      submitForm(form, fiscalSettingsInputSchema, async (input) => {
        const saved = await services.fiscal.saveSettings(actor, input);
        return redirectWithFlash(FISCAL, savedText(saved));
      }),
    // Its answer is a toast on this page, whether the provider took the token or a token is still missing.
    [fiscalIntents.test]: async () => {
      try {
        const test = await services.fiscal.testConnection(actor);
        return flashRedirect(test.ok ? "success" : "error", test.message);
      } catch (error) {
        const failure = failureOf(error);
        if (!failure) throw error;
        return flashRedirect("error", failure.body.message);
      }
    },
  });
}

export function meta() {
  return [{ title: HEADING }];
}

const environmentOptions = fiscalEnvironments.map((value) => ({ value, label: fiscalEnvironmentLabels[value] }));
const regimeOptions = taxRegimes.map((value) => ({ value, label: taxRegimeLabels[value] }));
const issueModeOptions = issueModes.map((value) => ({ value, label: issueModeLabels[value] }));
const originOptions = [
  { value: "", label: "Sem padrão (informe em cada produto)" },
  ...originLabels.map(({ code, label }) => ({ value: String(code), label: `${code} – ${label}` })),
];
const taxSituationOptions = [
  { value: "", label: "Sem padrão (informe em cada produto)" },
  ...TAX_SITUATIONS.simples.map((code) => ({ value: code, label: `CSOSN ${code} – ${taxSituationLabels[code]}` })),
  ...TAX_SITUATIONS.normal.map((code) => ({ value: code, label: `CST ${code} – ${taxSituationLabels[code]}` })),
];

/** The stored settings as the form shows them: the CNPJ punctuated, the tokens never sent back. */
function initialValues(settings: FiscalSettingsView) {
  const { defaults } = settings;
  return {
    enabled: settings.enabled,
    environment: settings.environment,
    homologation_token: "",
    production_token: "",
    cnpj: settings.cnpj ? formatTaxId(settings.cnpj) : "",
    state_registration: settings.state_registration,
    uf: settings.uf,
    regime: settings.regime,
    series: String(settings.series),
    operation_nature: settings.operation_nature,
    issue_mode: settings.issue_mode,
    customer_mail: settings.customer_mail,
    defaults: {
      ncm: defaults.ncm ?? "",
      origin: defaults.origin === null ? "" : String(defaults.origin),
      tax_situation: defaults.tax_situation ?? "",
      unit: defaults.unit ?? "",
      gtin: defaults.gtin ?? "",
    },
  };
}

/** Whether Focus NFe tells this site of each note, and what happens when it cannot. */
function WebhookStatus({ webhook, enabled }: { webhook: FiscalSettingsView["webhook"]; enabled: boolean }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="fiscal-webhook-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="fiscal-webhook-title">
          Aviso automático (webhook)
        </Title>
        {webhook.url === null ? (
          <Text size="sm" data-testid="fiscal-webhook">
            O endereço do site (BASE_URL) não está configurado, então a Focus NFe não tem como avisar quando a SEFAZ
            responde: as notas são consultadas periodicamente, o que pode levar alguns minutos.
          </Text>
        ) : (
          <>
            <Group gap="xs" data-testid="fiscal-webhook">
              <Badge color={webhook.registered ? "green" : "gray"} variant="filled" c="black">
                {webhook.registered ? "Registrado" : "Não registrado"}
              </Badge>
              <Text size="sm">
                {webhook.registered
                  ? "A Focus NFe avisa este site assim que a SEFAZ responde."
                  : enabled
                    ? "Enquanto isso, as notas são consultadas periodicamente."
                    : "É registrado ao salvar com a emissão ligada."}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              Endereço: {webhook.url}
            </Text>
          </>
        )}
        {webhook.error ? (
          <Alert color="danger" variant="light" role="note" title="O aviso automático não foi registrado">
            {webhook.error}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The notes the owner must act on, each with the order it belongs to and why. */
function Attention({ notes }: { notes: NoteAttentionView[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="fiscal-attention-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="fiscal-attention-title">
          Notas que precisam de atenção
        </Title>
        {notes.length === 0 ? (
          <Text size="sm">Nenhuma nota precisa de atenção agora.</Text>
        ) : (
          <StackedTable minWidth={560} aria-labelledby="fiscal-attention-title" verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pedido</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Motivo</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notes.map((note) => (
                <Table.Tr key={note.order_id}>
                  <StackedCell label="Pedido" style={{ whiteSpace: "nowrap" }}>
                    <Anchor component={AppLink} to={note.order_path}>
                      Pedido nº {note.order_number}
                    </Anchor>
                  </StackedCell>
                  <StackedCell label="Situação">
                    <NoteStateBadge state={note.state} label={note.state_label} />
                  </StackedCell>
                  <StackedCell label="Motivo">
                    <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                      {note.reason}
                    </Text>
                  </StackedCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        )}
      </Stack>
    </Paper>
  );
}

/** The accountant's month: a plain GET of the zip, so the browser downloads it, with or without JavaScript. */
function MonthExport({ month }: { month: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="fiscal-export-title">
      <Form method="get" action={EXPORT_URL} reloadDocument aria-labelledby="fiscal-export-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="fiscal-export-title">
            XMLs do mês para a contabilidade
          </Title>
          <Text size="sm" c="dimmed">
            Um arquivo .zip com o XML de cada nota autorizada no mês e o dos cancelamentos.
          </Text>
          <Group align="flex-end" gap="sm">
            <TextInput
              name="month"
              type="month"
              label="Mês"
              description="AAAA-MM"
              defaultValue={month}
              required
              pattern="\d{4}-(0[1-9]|1[0-2])"
              w={{ base: "100%", sm: 220 }}
            />
            <Button type="submit" variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
              Baixar XMLs
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}

const TOKEN_SAVED = "Token salvo: deixe em branco para mantê-lo.";
const ENVIRONMENT_NAMES = { homologacao: "homologação", producao: "produção" } as const;

export default function FiscalPage({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const { form, fields } = useAccountForm({
    schema: fiscalSettingsInputSchema,
    answer: useActionData<typeof action>(),
    defaultValue: initialValues(settings),
    id: "fiscal-settings",
  });
  const defaults = fields.defaults.getFieldset();
  const chosenTokenSet =
    settings.environment === "producao" ? settings.production_token_set : settings.homologation_token_set;

  return (
    <Stack gap="xl">
      <Title order={1} size="h2">
        {HEADING}
      </Title>
      <Attention notes={loaderData.attention} />
      <AccountForm form={form} intent={fiscalIntents.save} label="Configurações fiscais">
        <Stack>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Emissão
              </Title>
              <Text size="sm" c="dimmed">
                As notas fiscais eletrônicas (NF-e) são emitidas pela Focus NFe, com o certificado digital da loja
                cadastrado lá.
              </Text>
              <CheckboxField field={fields.enabled} label="Emitir notas fiscais" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SelectField
                  field={fields.environment}
                  label="Ambiente"
                  description="Comece em homologação: as notas não têm valor fiscal."
                  options={environmentOptions}
                />
                <SelectField field={fields.issue_mode} label="Quando emitir" options={issueModeOptions} />
                <PasswordField
                  field={fields.homologation_token}
                  label="Token de homologação"
                  description={
                    settings.homologation_token_set ? TOKEN_SAVED : "No painel da Focus NFe, em Tokens de acesso."
                  }
                  autoComplete="new-password"
                  maxLength={200}
                />
                <PasswordField
                  field={fields.production_token}
                  label="Token de produção"
                  description={
                    settings.production_token_set ? TOKEN_SAVED : "Só quando as notas de homologação estiverem certas."
                  }
                  autoComplete="new-password"
                  maxLength={200}
                />
              </SimpleGrid>
              {chosenTokenSet ? (
                <Group>
                  <Button
                    type="submit"
                    form={TEST_FORM}
                    name="intent"
                    value={fiscalIntents.test}
                    variant="outline"
                    size="sm"
                    aria-label="Testar conexão com a Focus NFe"
                  >
                    Testar conexão
                  </Button>
                  <Text size="sm" c="dimmed">
                    Pergunta à Focus NFe se aceita o token salvo de {ENVIRONMENT_NAMES[settings.environment]}.
                  </Text>
                </Group>
              ) : null}
              <CheckboxField
                field={fields.customer_mail}
                label="Enviar a nota ao cliente por e-mail, com o DANFE e o XML, assim que for autorizada"
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Emitente
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField field={fields.cnpj} label="CNPJ" inputMode="numeric" maxLength={20} autoComplete="off" />
                <TextField
                  field={fields.state_registration}
                  label="Inscrição estadual"
                  description="Só os números, ou “isento”."
                  maxLength={20}
                  autoComplete="off"
                />
                <SelectField field={fields.uf} label="Estado (UF)" options={stateOptions} />
                <SelectField field={fields.regime} label="Regime tributário" options={regimeOptions} />
                <TextField
                  field={fields.series}
                  label="Série"
                  description="De 1 a 889; a numeração continua a da série no emissor."
                  inputMode="numeric"
                  maxLength={3}
                />
                <TextField field={fields.operation_nature} label="Natureza da operação" maxLength={60} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Padrões dos produtos
              </Title>
              <Text size="sm" c="dimmed">
                Valem para os produtos sem dados fiscais próprios; cada produto pode ter os seus.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField
                  field={defaults.ncm}
                  label="NCM"
                  description="8 dígitos, por exemplo 0901.11.10."
                  inputMode="numeric"
                  maxLength={10}
                />
                <SelectField field={defaults.origin} label="Origem da mercadoria" options={originOptions} />
                <SelectField
                  field={defaults.tax_situation}
                  label="CSOSN ou CST do ICMS"
                  description="CSOSN no Simples Nacional, CST no regime normal."
                  options={taxSituationOptions}
                />
                <TextField field={defaults.unit} label="Unidade comercial" description="UN, KG, CX..." maxLength={6} />
                <TextField
                  field={defaults.gtin}
                  label="GTIN/EAN"
                  description="O código de barras, ou “SEM GTIN”."
                  maxLength={20}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Group>
            <SubmitButton intent={fiscalIntents.save}>Salvar</SubmitButton>
          </Group>
        </Stack>
      </AccountForm>
      <Form method="post" id={TEST_FORM} hidden />
      <WebhookStatus webhook={settings.webhook} enabled={settings.enabled} />
      <MonthExport month={loaderData.lastMonth} />
    </Stack>
  );
}
