import {
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconDownload } from "@tabler/icons-react";
import { useActionData, useFetcher, useNavigation, useSubmit } from "react-router";
import { formatPhone } from "../../../common/brazil/phone.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { invalid } from "../../../common/errors.ts";
import { parseInput } from "../../../common/parse-input.ts";
import { accountDeletionSchema, profileUpdateSchema } from "../../../common/schemas/customer.ts";
import { parseId } from "../../../common/schemas/id.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CustomerAddressView } from "../../../common/views/customer.ts";
import { ConfirmDelete } from "../../components/conta/confirm-delete.tsx";
import { intentAction, savedInPlace } from "../../lib/action.server.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { notifySuccess } from "../../lib/notify.ts";
import { isFailure, useOnAnswer, useServerErrors } from "../../lib/use-server-errors.ts";
import type { Route } from "./+types/profile";

/** The LGPD download: the REST route, which the session cookie signs in (server/modules/customers/routes.ts). */
const EXPORT_URL = "/api/profile/export";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const account = await services.customers.account(actor);
  return { account, addresses: await services.customers.addresses(account.id) };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services, actor, sessionToken, clearedSessionCookie } = requireUser(context);
  return intentAction(request, {
    save: async (submitted) => {
      await services.customers.updateProfile(actor, parseInput(profileUpdateSchema, submitted), sessionToken);
      return savedInPlace("Seus dados foram atualizados.");
    },
    delete: async (submitted) => {
      const id = parseId(String(submitted.id ?? ""));
      if (id === null) throw invalid("Identificador inválido.");
      await services.customers.deleteAddress(actor, id);
      return redirectWithFlash(accountPaths.area("profile"), "Endereço removido.");
    },
    "delete-account": async (submitted) => {
      const { password } = parseInput(accountDeletionSchema, submitted);
      await services.customers.deleteAccount(actor, password);
      const headers = new Headers({ "Set-Cookie": clearedSessionCookie() });
      return redirectWithFlash("/", "Sua conta foi excluída.", headers);
    },
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
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addresses.map((address) => (
                <Table.Tr key={address.id}>
                  <Table.Td>{addressLine(address)}</Table.Td>
                  <Table.Td>{formatDateTime(address.last_used_at)}</Table.Td>
                  <Table.Td>
                    <ConfirmDelete
                      subject={`o endereço ${addressLine(address)}`}
                      title="Remover endereço"
                      fields={{ id: address.id }}
                    >
                      Remover o endereço {addressLine(address)}?
                    </ConfirmDelete>
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
 * record). The deletion posts through its own fetcher, so its refusal (a wrong password) stays beside its
 * own field rather than the profile form's new password; a success redirects home.
 */
function PrivacyActions() {
  const fetcher = useFetcher<typeof action>();
  const failure = isFailure(fetcher.data) ? fetcher.data : undefined;
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
        <fetcher.Form method="post" aria-label="Excluir minha conta">
          <input type="hidden" name="intent" value="delete-account" />
          <Stack>
            <Text size="sm">
              Excluir a conta apaga o seu cadastro, endereços e sessões. Os pedidos ficam guardados para os registros
              fiscais, sem os seus dados pessoais (LGPD, art. 16). Esta ação não pode ser desfeita.
            </Text>
            <PasswordInput
              label="Senha atual"
              name="password"
              autoComplete="current-password"
              required
              maw={320}
              error={failure ? (failure.errors.password?.join(" ") ?? failure.message) : undefined}
            />
            <Button type="submit" color="danger" variant="light" loading={fetcher.state !== "idle"} w="fit-content">
              Excluir minha conta
            </Button>
          </Stack>
        </fetcher.Form>
      </Stack>
    </Paper>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const { account } = loaderData;
  const form = useForm({
    mode: "controlled",
    initialValues: {
      name: account.name,
      email: account.email,
      tax_id: account.tax_id ? formatTaxId(account.tax_id) : "",
      phone: account.phone ? formatPhone(account.phone) : "",
      organization: account.organization,
      current_password: "",
      password: "",
      password_confirmation: "",
    },
    validate: schemaResolver(profileUpdateSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  useServerErrors(form, answer);
  useOnAnswer(answer, (value) => {
    if ("ok" in value && value.ok) {
      notifySuccess(value.message);
      form.setValues({ current_password: "", password: "", password_confirmation: "" });
    }
  });

  return (
    <Stack maw={720}>
      <form
        noValidate
        aria-label="Meus dados"
        onSubmit={form.onSubmit((values) =>
          submit({ ...values, intent: "save" }, { method: "post", encType: "application/json" }),
        )}
      >
        <Stack>
          <Title order={1} size="h2">
            Meus dados
          </Title>
          <Paper withBorder p="md">
            <Stack>
              <TextInput label="Nome" required autoComplete="name" {...form.getInputProps("name")} />
              <TextInput label="E-mail" type="email" required autoComplete="email" {...form.getInputProps("email")} />
              <TextInput
                label="CPF ou CNPJ"
                autoComplete="off"
                required={account.role === "user"}
                {...form.getInputProps("tax_id")}
              />
              <TextInput
                label="Telefone com DDD"
                type="tel"
                autoComplete="tel-national"
                required={account.role === "user"}
                {...form.getInputProps("phone")}
              />
              <TextInput label="Organização" autoComplete="organization" {...form.getInputProps("organization")} />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Trocar a senha
              </Title>
              <PasswordInput
                label="Senha atual"
                autoComplete="current-password"
                {...form.getInputProps("current_password")}
              />
              <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps("password")} />
              <PasswordInput
                label="Confirmação da nova senha"
                autoComplete="new-password"
                {...form.getInputProps("password_confirmation")}
              />
            </Stack>
          </Paper>
          <Button type="submit" loading={navigation.state === "submitting"} w="fit-content">
            Salvar
          </Button>
        </Stack>
      </form>
      <SavedAddresses addresses={loaderData.addresses} />
      <PrivacyActions />
    </Stack>
  );
}
