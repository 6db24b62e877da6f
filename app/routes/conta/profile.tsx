import {
  Alert,
  Anchor,
  Box,
  type ButtonProps,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconDownload, IconTrash } from "@tabler/icons-react";
import { Form, useActionData } from "react-router";
import { formatPhone } from "../../../common/brazil/phone.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { invalid } from "../../../common/errors.ts";
import {
  TWO_FACTOR_REQUIRED_BY_SITE,
  twoFactorCodeSchema,
  twoFactorConfirmSchema,
  twoFactorDisableSchema,
} from "../../../common/schemas/auth.ts";
import { accountDeletionFormSchema, profileFormSchema } from "../../../common/schemas/customer.ts";
import { parseId } from "../../../common/schemas/id.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import {
  type SessionListView,
  sessionsEndedMessage,
  type TwoFactorSetupView,
  type TwoFactorStatusView,
} from "../../../common/views/auth.ts";
import type { CustomerAddressView } from "../../../common/views/customer.ts";
import { StackedCell, StackedTable } from "../../components/conta/record-table.tsx";
import { AccountForm, SubmitButton } from "../../components/form-kit/account-form.tsx";
import { ConfirmAction } from "../../components/form-kit/confirm-action.tsx";
import { CheckboxField, PasswordField, TextField } from "../../components/form-kit/fields.tsx";
import { useAccountForm } from "../../components/form-kit/use-account-form.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { intentAction, submitForm } from "../../lib/form-action.server.ts";
import { answerFor } from "../../lib/form-answer.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { groupedSecret, recoveryCodesFile } from "../../lib/sign-in-steps.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/profile";

/** The LGPD download: the REST route, which the session cookie signs in (server/modules/customers/routes.ts). */
const EXPORT_URL = "/api/profile/export";
const PROFILE = accountPaths.area("profile");
/** The verification in two steps' part of the page, where its forms come back to. */
const TWO_FACTOR_ID = "verificacao-em-duas-etapas";
const TWO_FACTOR = `${PROFILE}#${TWO_FACTOR_ID}`;
/** The sessions' part of the page. */
const SESSIONS_ID = "sessoes";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor, sessionToken } = requireUser(context);
  const account = await services.customers.account(actor);
  return {
    account,
    addresses: await services.customers.addresses(account.id),
    twoFactor: await services.auth.twoFactorStatus(actor),
    sessions: await services.auth.sessionsOf(actor, sessionToken),
  };
}

/** New recovery codes: the action's answer, the only time they are shown. */
type RecoveryCodesAnswer = { ok: true; recoveryCodes: string[]; firstTime: boolean };
const isRecoveryCodesAnswer = (value: unknown): value is RecoveryCodesAnswer =>
  typeof value === "object" && value !== null && "recoveryCodes" in value;

export function action({ context, request }: Route.ActionArgs) {
  const { services, flows, actor, sessionToken, clearedSessionCookie } = requireUser(context);
  return intentAction(request, {
    save: (form) =>
      submitForm(form, profileFormSchema, async (input) => {
        await flows.updateOwnProfile(services, actor, input, sessionToken);
        return redirectWithFlash(PROFILE, "Seus dados foram atualizados.");
      }),
    "delete-address": async (form) => {
      const id = parseId(String(form.get("id") ?? ""));
      if (id === null) throw invalid("Identificador inválido.");
      await services.customers.deleteAddress(actor, id);
      return redirectWithFlash(PROFILE, "Endereço removido.");
    },
    "two-factor-start": async () => {
      await services.auth.startTwoFactor(actor);
      return redirectWithFlash(TWO_FACTOR, "Adicione a conta ao aplicativo autenticador e digite o código.");
    },
    "two-factor-cancel": async () => {
      await services.auth.cancelTwoFactorSetup(actor);
      return redirectWithFlash(TWO_FACTOR, "Ativação cancelada.");
    },
    "two-factor-confirm": (form) =>
      submitForm(form, twoFactorConfirmSchema, async (input) => {
        const { recovery_codes } = await services.auth.confirmTwoFactor(actor, input, sessionToken);
        return { ok: true as const, recoveryCodes: recovery_codes, firstTime: true };
      }),
    "end-other-sessions": async () => {
      const ended = await services.auth.endOtherSessions(actor, sessionToken);
      return redirectWithFlash(`${PROFILE}#${SESSIONS_ID}`, sessionsEndedMessage(ended));
    },
    "two-factor-renew": (form) =>
      submitForm(form, twoFactorCodeSchema, async (input) => {
        const { recovery_codes } = await services.auth.renewRecoveryCodes(actor, input);
        return { ok: true as const, recoveryCodes: recovery_codes, firstTime: false };
      }),
    "two-factor-disable": (form) =>
      submitForm(form, twoFactorDisableSchema, async (input) => {
        await services.auth.disableTwoFactor(actor, input);
        return redirectWithFlash(TWO_FACTOR, "Verificação em duas etapas desativada.");
      }),
    "delete-account": (form) =>
      submitForm(form, accountDeletionFormSchema, async ({ password }) => {
        await flows.deleteAccount(services, actor, password);
        const headers = new Headers({ "Set-Cookie": clearedSessionCookie() });
        return redirectWithFlash("/", "Sua conta foi excluída.", headers);
      }),
  });
}

export function meta() {
  return [{ title: "Meus dados" }];
}

const addressLine = (address: CustomerAddressView) =>
  [
    [address.street, address.number].filter(Boolean).join(", "),
    address.complement,
    address.neighborhood,
    `${address.city}/${address.uf}`,
    `CEP ${address.postal_code.replace(/^(\d{5})(\d{3})$/, "$1-$2")}`,
  ]
    .filter(Boolean)
    .join(" · ");

function SavedAddresses({ addresses }: { addresses: CustomerAddressView[] }) {
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Endereços salvos
        </Title>
        {addresses.length === 0 ? (
          <Text c="dimmed">Nenhum endereço salvo. Os endereços das suas compras aparecem aqui.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Endereço</Table.Th>
                <Table.Th>Usado em</Table.Th>
                <Table.Th>Ações</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addresses.map((address) => (
                <Table.Tr key={address.id}>
                  <Table.Td>{addressLine(address)}</Table.Td>
                  <Table.Td>{formatDateTime(address.last_used_at)}</Table.Td>
                  <Table.Td>
                    <ConfirmAction
                      intent="delete-address"
                      fields={{ id: address.id }}
                      label="Remover"
                      accessibleName={`Remover o endereço ${addressLine(address)}`}
                      icon={<IconTrash size={18} aria-hidden />}
                      title="Remover endereço"
                      confirmLabel="Remover"
                    >
                      Remover o endereço {addressLine(address)}?
                    </ConfirmAction>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * LGPD art. 18: the data as a file, and the account's deletion (orders stay, anonymised, for the fiscal
 * record), asked with her password and a tick that she understands it cannot be undone.
 */
function PrivacyActions({ answer }: { answer: unknown }) {
  const { form, fields } = useAccountForm({ schema: accountDeletionFormSchema, answer, id: "delete-account" });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Privacidade
        </Title>
        <Text size="sm">Baixe tudo o que guardamos sobre você: cadastro, endereços e pedidos, em um arquivo JSON.</Text>
        <Anchor href={EXPORT_URL} download w="fit-content">
          <Group gap={6}>
            <IconDownload size={16} aria-hidden />
            Baixar meus dados (JSON)
          </Group>
        </Anchor>
        <AccountForm form={form} intent="delete-account" label="Excluir minha conta">
          <Stack>
            <Text size="sm">
              Excluir a conta apaga o seu cadastro, endereços e sessões. Os pedidos ficam guardados para os registros
              fiscais, sem os seus dados pessoais (LGPD, art. 16). Esta ação não pode ser desfeita.
            </Text>
            <PasswordField field={fields.password} label="Senha atual" autoComplete="current-password" maw={320} />
            <CheckboxField
              field={fields.confirm}
              label="Entendo que a exclusão da conta não pode ser desfeita"
              required
            />
            <SubmitButton intent="delete-account" color="danger" variant="light" w="fit-content">
              Excluir minha conta
            </SubmitButton>
          </Stack>
        </AccountForm>
      </Stack>
    </Paper>
  );
}

/** A button that is a whole form: its job (`intent`) and nothing to fill in. */
function IntentButton({ intent, children, ...props }: { intent: string; children: string } & ButtonProps) {
  return (
    <Form method="post" aria-label={children}>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton intent={intent} w="fit-content" {...props}>
        {children}
      </SubmitButton>
    </Form>
  );
}

/**
 * The codes with their numbers written in the text (not list markers, which the alert's edge clipped),
 * wrapping in columns on a phone.
 */
function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <List
      listStyleType="none"
      ff="monospace"
      aria-label="Códigos de recuperação"
      styles={{ root: { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(13em, 1fr))", gap: 4 } }}
    >
      {codes.map((code, index) => (
        <List.Item key={code}>
          <Text component="span" ff="monospace" c="dimmed" aria-hidden>
            {`${index + 1}.`.padStart(3, "\u00a0")}{" "}
          </Text>
          {code}
        </List.Item>
      ))}
    </List>
  );
}

/** The ten recovery codes, shown once: right after turning it on, or after asking for new ones. */
function RecoveryCodes({ answer }: { answer: RecoveryCodesAnswer }) {
  const { settings } = useRootData();
  return (
    <Alert
      color="success"
      variant="light"
      title={answer.firstTime ? "Verificação em duas etapas ativada" : "Novos códigos de recuperação"}
    >
      <Stack gap="sm">
        <Text size="sm">
          Guarde estes códigos de recuperação em um lugar seguro: se perder o celular, entre com um deles no lugar do
          código do aplicativo. Cada código funciona uma vez, e eles não serão mostrados de novo.
          {answer.firstTime ? null : " Os códigos anteriores deixaram de funcionar."}
        </Text>
        <RecoveryCodeList codes={answer.recoveryCodes} />
        <Anchor
          href={recoveryCodesFile(answer.recoveryCodes, settings?.title ?? "")}
          download="codigos-de-recuperacao.txt"
          w="fit-content"
        >
          <Group gap={6}>
            <IconDownload size={16} aria-hidden />
            Baixar os códigos (.txt)
          </Group>
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** A form of the section with one code field: the app's code (or, where it is accepted, a recovery code). */
function CodeForm({
  answer,
  intent,
  label,
  submit,
  description,
}: {
  answer: unknown;
  intent: string;
  label: string;
  submit: string;
  description: string;
}) {
  const { form, fields } = useAccountForm({
    schema: twoFactorCodeSchema,
    answer: answerFor(answer, intent),
    id: intent,
  });
  return (
    <AccountForm form={form} intent={intent} label={label}>
      <Stack gap="sm">
        <TextField
          field={fields.code}
          label="Código de verificação"
          description={description}
          autoComplete="one-time-code"
          inputMode="numeric"
          maw={320}
        />
        <SubmitButton intent={intent} variant="light" w="fit-content">
          {submit}
        </SubmitButton>
      </Stack>
    </AccountForm>
  );
}

/**
 * Turning it on: the app's first code and the account's password, so a session left open elsewhere cannot
 * tie the account to someone else's app.
 */
function ConfirmForm({ answer }: { answer: unknown }) {
  const intent = "two-factor-confirm";
  const { form, fields } = useAccountForm({
    schema: twoFactorConfirmSchema,
    answer: answerFor(answer, intent),
    id: intent,
  });
  return (
    <AccountForm form={form} intent={intent} label="Confirmar a verificação em duas etapas">
      <Stack gap="sm">
        <TextField
          field={fields.code}
          label="Código de verificação"
          description="3. Digite o código de 6 dígitos que o aplicativo mostrar."
          autoComplete="one-time-code"
          inputMode="numeric"
          maw={320}
        />
        <PasswordField
          field={fields.password}
          label="Senha atual"
          description="4. Confirme com a sua senha. As outras sessões da conta serão encerradas."
          autoComplete="current-password"
          maw={320}
        />
        <SubmitButton intent={intent} variant="light" w="fit-content">
          Ativar
        </SubmitButton>
      </Stack>
    </AccountForm>
  );
}

/** A new authenticator: its QR code and the same secret as text, then its first code. */
function Enrolment({ setup, answer }: { setup: TwoFactorSetupView; answer: unknown }) {
  const { settings } = useRootData();
  return (
    <Stack>
      <Text size="sm">
        1. No aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy, 2FAS…), escolha adicionar
        uma conta e leia o QR code:
      </Text>
      <Box
        w={220}
        h={220}
        maw="100%"
        role="img"
        aria-label={`QR code para adicionar ${settings?.title ?? "o site"} ao aplicativo autenticador. Ele contém a chave ${groupedSecret(setup.secret)}, escrita também abaixo.`}
        style={{ lineHeight: 0 }}
        // The SVG is made by the server from the account's new secret (server/modules/auth/totp.ts), never from input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own QR image
        dangerouslySetInnerHTML={{ __html: setup.qr_svg.replace("<svg ", '<svg width="100%" height="100%" ') }}
      />
      <Text size="sm">2. Ou digite esta chave no aplicativo:</Text>
      <Code block fz="md" style={{ overflowWrap: "anywhere", whiteSpace: "normal" }} w="fit-content" maw="100%">
        {groupedSecret(setup.secret)}
      </Code>
      <ConfirmForm answer={answer} />
      <IntentButton intent="two-factor-cancel" variant="subtle" color="gray">
        Cancelar a ativação
      </IntentButton>
    </Stack>
  );
}

/** Turning it off: the password and a code, unless the site requires it of this administrator. */
function DisableForm({ answer }: { answer: unknown }) {
  const intent = "two-factor-disable";
  const { form, fields } = useAccountForm({
    schema: twoFactorDisableSchema,
    answer: answerFor(answer, intent),
    id: intent,
  });
  return (
    <AccountForm form={form} intent={intent} label="Desativar a verificação em duas etapas">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Desativar
        </Title>
        <PasswordField field={fields.password} label="Senha atual" autoComplete="current-password" maw={320} />
        <TextField
          field={fields.code}
          label="Código de verificação"
          description="Do aplicativo, ou um código de recuperação."
          autoComplete="one-time-code"
          maw={320}
        />
        <SubmitButton intent={intent} color="danger" variant="light" w="fit-content">
          Desativar a verificação em duas etapas
        </SubmitButton>
      </Stack>
    </AccountForm>
  );
}

/**
 * 'Verificação em duas etapas': besides the password, a code from an authenticator app at every sign-in.
 * Every part is a plain form, so it works without JavaScript.
 */
function TwoFactorSection({ status, answer }: { status: TwoFactorStatusView; answer: unknown }) {
  const codes = isRecoveryCodesAnswer(answer) ? answer : null;
  return (
    <Paper withBorder p="md" id={TWO_FACTOR_ID}>
      <Stack>
        <Title order={2} size="h4">
          Verificação em duas etapas
        </Title>
        {codes ? <RecoveryCodes answer={codes} /> : null}
        {status.enabled ? (
          <>
            <Text size="sm">
              Ativada{status.enabled_at ? ` em ${formatDateTime(status.enabled_at)}` : ""}: ao entrar, o site pede a
              senha e o código do aplicativo autenticador. Códigos de recuperação restantes:{" "}
              {status.recovery_codes_left}.
            </Text>
            <CodeForm
              answer={answer}
              intent="two-factor-renew"
              label="Gerar novos códigos de recuperação"
              description="Do aplicativo, ou um código de recuperação. Os códigos anteriores deixam de funcionar."
              submit="Gerar novos códigos de recuperação"
            />
            {status.required ? (
              <Alert color="info" variant="light">
                {TWO_FACTOR_REQUIRED_BY_SITE}
              </Alert>
            ) : (
              <DisableForm answer={answer} />
            )}
          </>
        ) : status.setup ? (
          <Enrolment setup={status.setup} answer={answer} />
        ) : (
          <>
            <Text size="sm">
              Proteja a sua conta: além da senha, o site passa a pedir um código de 6 dígitos do aplicativo autenticador
              do seu celular a cada entrada.
            </Text>
            {status.required ? (
              <Alert color="warning" variant="light">
                O site exige a verificação em duas etapas para administradores: ative-a agora.
              </Alert>
            ) : null}
            <IntentButton intent="two-factor-start">Ativar verificação em duas etapas</IntentButton>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** 'Sessões abertas': where the account is signed in, and the way to sign out everywhere else. */
function SessionsSection({ sessions }: { sessions: SessionListView }) {
  return (
    <Paper withBorder p="md" id={SESSIONS_ID}>
      <Stack>
        <Title order={2} size="h4">
          Sessões abertas
        </Title>
        <Text size="sm">
          Os navegadores em que a sua conta está aberta. Se algum não for seu, saia das outras sessões e troque a sua
          senha.
        </Text>
        {/* Stacked into labelled blocks where its columns do not fit a phone. */}
        <StackedTable minWidth={480} aria-label="Sessões abertas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Dispositivo</Table.Th>
              <Table.Th>Endereço</Table.Th>
              <Table.Th>Último uso</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={`${session.created_at}-${session.address}-${session.device}`}>
                <StackedCell label="Dispositivo">
                  {session.device}
                  {session.current ? (
                    <Text component="span" c="dimmed" size="sm">
                      {" "}
                      (esta sessão)
                    </Text>
                  ) : null}
                </StackedCell>
                <StackedCell label="Endereço">{session.address || "—"}</StackedCell>
                <StackedCell label="Último uso">{formatDateTime(session.last_used_at)}</StackedCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
        {sessions.some((session) => !session.current) ? (
          <IntentButton intent="end-other-sessions" variant="light">
            Sair das outras sessões
          </IntentButton>
        ) : null}
      </Stack>
    </Paper>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const { account } = loaderData;
  const { form, fields } = useAccountForm({
    schema: profileFormSchema,
    answer: answerFor(answer, "save"),
    id: "profile",
    defaultValue: {
      name: account.name,
      email: account.email,
      tax_id: account.tax_id ? formatTaxId(account.tax_id) : "",
      phone: account.phone ? formatPhone(account.phone) : "",
      organization: account.organization,
    },
  });
  const customer = account.role === "user";

  return (
    <Stack maw={720}>
      <AccountForm form={form} intent="save" label="Meus dados">
        <Stack>
          <Title order={1} size="h2">
            Meus dados
          </Title>
          <Paper withBorder p="md">
            <Stack>
              <TextField field={fields.name} label="Nome" autoComplete="name" />
              <TextField field={fields.email} label="E-mail" type="email" autoComplete="email" />
              <TextField field={fields.tax_id} label="CPF ou CNPJ" autoComplete="off" required={customer} />
              <TextField
                field={fields.phone}
                label="Telefone com DDD"
                type="tel"
                autoComplete="tel-national"
                required={customer}
              />
              <TextField field={fields.organization} label="Organização" autoComplete="organization" />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Trocar a senha
              </Title>
              <PasswordField field={fields.password} label="Nova senha" autoComplete="new-password" />
              <PasswordField
                field={fields.password_confirmation}
                label="Confirmação da nova senha"
                autoComplete="new-password"
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <PasswordField
              field={fields.current_password}
              label="Senha atual"
              description="Necessária para trocar o e-mail ou a senha."
              autoComplete="current-password"
            />
          </Paper>
          <SubmitButton intent="save" w="fit-content">
            Salvar
          </SubmitButton>
        </Stack>
      </AccountForm>
      <TwoFactorSection status={loaderData.twoFactor} answer={answer} />
      <SessionsSection sessions={loaderData.sessions} />
      <SavedAddresses addresses={loaderData.addresses} />
      <PrivacyActions answer={answerFor(answer, "delete-account")} />
    </Stack>
  );
}
