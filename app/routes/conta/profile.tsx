import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload, IconTrash } from "@tabler/icons-react";
import { useActionData } from "react-router";
import { formatPhone } from "../../../common/brazil/phone.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { invalid } from "../../../common/errors.ts";
import { accountDeletionFormSchema, profileFormSchema } from "../../../common/schemas/customer.ts";
import { parseId } from "../../../common/schemas/id.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CustomerAddressView } from "../../../common/views/customer.ts";
import { AccountForm, SubmitButton } from "../../components/form-kit/account-form.tsx";
import { ConfirmAction } from "../../components/form-kit/confirm-action.tsx";
import { CheckboxField, PasswordField, TextField } from "../../components/form-kit/fields.tsx";
import { useAccountForm } from "../../components/form-kit/use-account-form.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { intentAction, submitForm } from "../../lib/form-action.server.ts";
import { answerFor } from "../../lib/form-answer.ts";
import { requireUser } from "../../lib/guards.server.ts";
import type { Route } from "./+types/profile";

/** The LGPD download: the REST route, which the session cookie signs in (server/modules/customers/routes.ts). */
const EXPORT_URL = "/api/profile/export";
const PROFILE = accountPaths.area("profile");

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const account = await services.customers.account(actor);
  return { account, addresses: await services.customers.addresses(account.id) };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services, actor, sessionToken, clearedSessionCookie } = requireUser(context);
  return intentAction(request, {
    save: (form) =>
      submitForm(form, profileFormSchema, async (input) => {
        await services.customers.updateProfile(actor, input, sessionToken);
        return redirectWithFlash(PROFILE, "Seus dados foram atualizados.");
      }),
    "delete-address": async (form) => {
      const id = parseId(String(form.get("id") ?? ""));
      if (id === null) throw invalid("Identificador inválido.");
      await services.customers.deleteAddress(actor, id);
      return redirectWithFlash(PROFILE, "Endereço removido.");
    },
    "delete-account": (form) =>
      submitForm(form, accountDeletionFormSchema, async ({ password }) => {
        await services.customers.deleteAccount(actor, password);
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
      <SavedAddresses addresses={loaderData.addresses} />
      <PrivacyActions answer={answerFor(answer, "delete-account")} />
    </Stack>
  );
}
