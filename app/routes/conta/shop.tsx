import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconRestore } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form, redirect, useActionData } from "react-router";
import { formatCep } from "../../../common/brazil/cep.ts";
import { stateOptions } from "../../../common/brazil/states.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import { MAX_RECEIVER_CITY, MAX_RECEIVER_NAME } from "../../../common/pix/br-code.ts";
import {
  MAX_PIX_DISCOUNT_PERCENT,
  MAX_PIX_KEY,
  paymentProviderLabels,
  paymentProviders,
} from "../../../common/schemas/payments.ts";
import {
  correiosEnvironmentLabels,
  correiosEnvironments,
  DEFAULT_CORREIOS_SERVICES,
  DEFAULT_MELHOR_ENVIO_SERVICES,
  MAX_EXTRA_DAYS,
  MAX_MARGIN_PERCENT,
  MAX_MELHOR_ENVIO_TOKEN,
  MELHOR_ENVIO_SERVICES,
  marginKindLabels,
  marginKinds,
  melhorEnvioEnvironmentLabels,
  melhorEnvioEnvironments,
} from "../../../common/schemas/shipping.ts";
import { type ShopSettingsInput, shopSettingsSchema } from "../../../common/schemas/shop.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CarrierFailureView, ShopSettingsView } from "../../../common/views/shop.ts";
import { formatWhatsapp } from "../../../common/whatsapp.ts";
import { reaisText } from "../../components/conta/reais-text.ts";
import { AccountForm, SubmitButton } from "../../components/form-kit/account-form.tsx";
import {
  CheckboxField,
  type Field,
  PasswordField,
  SelectField,
  TextareaField,
  TextField,
} from "../../components/form-kit/fields.tsx";
import { AddRowButton, ListErrors, RemoveRowButton } from "../../components/form-kit/list-fields.tsx";
import { useAccountForm } from "../../components/form-kit/use-account-form.ts";
import { featureTitle } from "../../lib/feature-title.server.ts";
import { flashHeader, redirectWithFlash } from "../../lib/flash.server.ts";
import { readForm, refusedForm, submitForm } from "../../lib/form-action.server.ts";
import { isTicked } from "../../lib/form-parse.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/shop";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const [settings, heading, recipients] = await Promise.all([
    services.shop.settings(actor),
    featureTitle(services, "shop"),
    services.shop.ownerRecipients(actor),
  ]);
  return { settings, heading, recipients };
}

/** The "Testar conexão" buttons' own form: outside the settings' form, so it posts nothing else. */
const TEST_FORM = "carrier-test";
const TEST_INTENTS = { melhorenvio: "test_melhor_envio", correios: "test_correios" } as const;

/** The save's flash: a carrier switched on whose check went unanswered is named, with where to read why. */
function savedText(input: ShopSettingsInput, saved: ShopSettingsView): string {
  const failing = (provider: CarrierFailureView["provider"]) =>
    saved.carrier_failures.some((failure) => failure.provider === provider);
  const correios = input.shipping.correios.enabled && failing("correios");
  const melhorEnvio = input.shipping.melhor_envio.enabled && failing("melhorenvio");
  if (correios && melhorEnvio)
    return "Loja salva, mas os Correios e o Melhor Envio não responderam ao teste: veja os avisos nas seções de cada um.";
  if (correios)
    return "Loja salva, mas os Correios não responderam ao teste do contrato: veja o aviso na seção Correios.";
  if (melhorEnvio)
    return "Loja salva, mas o Melhor Envio não respondeu ao teste do token: veja o aviso na seção Melhor Envio.";
  return "Loja salva com sucesso!";
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return refusedForm(error);
  }
  const intent = form.get("intent");
  if (intent === TEST_INTENTS.melhorenvio || intent === TEST_INTENTS.correios) {
    try {
      const test =
        intent === TEST_INTENTS.correios
          ? await services.shop.testCorreios(actor)
          : await services.shop.testMelhorEnvio(actor);
      const headers = new Headers({ "Set-Cookie": await flashHeader(test.ok ? "success" : "error", test.message) });
      return redirect(accountPaths.area("shop"), { headers });
    } catch (error) {
      return refusedForm(error);
    }
  }
  return submitForm(form, shopSettingsSchema, async (input) => {
    const saved = await services.shop.updateSettings(actor, input);
    return redirectWithFlash(accountPaths.area("shop"), savedText(input, saved));
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.heading ?? "Loja" }];
}

/** A carrier failing its quotes now, in its section: why, since when, and what buyers meet meanwhile. */
function CarrierFailure({ failure }: { failure: CarrierFailureView | undefined }) {
  if (!failure) return null;
  return (
    <Alert
      color={failure.incident ? "red" : "yellow"}
      variant="light"
      role="status"
      title={`${failure.label} falhando desde ${formatDateTime(failure.failing_since)}`}
    >
      {failure.message} Enquanto isso, os clientes leem “{failure.label} indisponível no momento” e não podem escolher
      esse frete.
    </Alert>
  );
}

/**
 * "Testar conexão" for a carrier whose credential is saved: a button of the page's own test form (it tries
 * what is stored, not what is typed), and what the test does.
 */
function ConnectionTest({
  carrier,
  label,
  children,
}: {
  carrier: keyof typeof TEST_INTENTS;
  label: string;
  children: ReactNode;
}) {
  return (
    <Group>
      <Button
        type="submit"
        form={TEST_FORM}
        name="intent"
        value={TEST_INTENTS[carrier]}
        variant="outline"
        size="sm"
        aria-label={label}
      >
        Testar conexão
      </Button>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

/** Where the shop's e-mails go now, and why: the owner must know before the first sale. */
function recipientsText({ source, addresses }: { source: "shop" | "site" | "admins"; addresses: string[] }): string {
  const list = addresses.join(", ");
  if (source === "shop") return `Os avisos vão para ${list}.`;
  if (source === "site") return `Os avisos vão para o e-mail público do site: ${list}.`;
  if (addresses.length === 0) return "Nenhum administrador tem e-mail: os avisos não serão enviados.";
  return `O site ainda não tem e-mail público: os avisos vão para os administradores (${list}).`;
}

const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? formatCep(cep) : cep);

/** The stored settings as the form shows them: amounts as reais, CEPs punctuated, secrets never sent back. */
function initialValues(settings: ShopSettingsView) {
  const { table_rates, pickup, free_shipping, correios, melhor_envio } = settings.shipping;
  return {
    legal_name: settings.legal_name,
    address: settings.address,
    tax_id: settings.tax_id ? formatTaxId(settings.tax_id) : "",
    city: settings.city,
    uf: settings.uf,
    origin_postal_code: settings.origin_postal_code ? cepText(settings.origin_postal_code) : "",
    shipping: {
      table_rates: table_rates.map((rate) => ({
        name: rate.name,
        region:
          rate.region.kind === "uf"
            ? { kind: "uf", uf: rate.region.uf }
            : { kind: "cep_range", from: cepText(rate.region.from), to: cepText(rate.region.to) },
        min_weight_grams: rate.min_weight_grams,
        max_weight_grams: rate.max_weight_grams,
        price_cents: reaisText(rate.price_cents),
        delivery_days: rate.delivery_days,
      })),
      pickup,
      free_shipping: {
        enabled: free_shipping.enabled,
        min_subtotal_cents: reaisText(free_shipping.min_subtotal_cents),
      },
      correios: { ...correios, access_code: "" },
      melhor_envio: {
        enabled: melhor_envio.enabled,
        environment: melhor_envio.environment,
        token: "",
        // Before the first save, the services a label needs no agency for come ticked.
        services: (melhor_envio.services.length > 0 ? melhor_envio.services : DEFAULT_MELHOR_ENVIO_SERVICES).map(
          String,
        ),
        margin: {
          kind: melhor_envio.margin.kind,
          value:
            melhor_envio.margin.kind === "fixed"
              ? reaisText(melhor_envio.margin.value)
              : String(melhor_envio.margin.value),
        },
        extra_days: melhor_envio.extra_days,
      },
    },
    payments: {
      provider: settings.payments.provider,
      pix: settings.payments.pix,
      mercadopago: { access_token: "", webhook_secret: "" },
      manual: settings.payments.manual,
      pix_discount_percent: settings.payments.pix_discount_percent,
    },
    order_expiry_hours: settings.order_expiry_hours,
    notifications: settings.notifications,
    whatsapp: settings.whatsapp ? formatWhatsapp(settings.whatsapp) : "",
  };
}

const newRate = {
  name: "Entrega",
  region: { kind: "uf", uf: "" },
  min_weight_grams: "0",
  max_weight_grams: "30000",
  price_cents: "",
  delivery_days: "",
};

const regionKinds = [
  { value: "uf", label: "Estado (UF)" },
  { value: "cep_range", label: "Faixa de CEP" },
];
const environmentOptions = correiosEnvironments.map((value) => ({ value, label: correiosEnvironmentLabels[value] }));
const providerOptions = paymentProviders.map((value) => ({ value, label: paymentProviderLabels[value] }));
const melhorEnvioEnvironmentOptions = melhorEnvioEnvironments.map((value) => ({
  value,
  label: melhorEnvioEnvironmentLabels[value],
}));
const marginKindOptions = marginKinds.map((value) => ({ value, label: marginKindLabels[value] }));

/** The values a list field holds now (one posted value comes as a string, none as undefined). */
const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map(String);

/**
 * A write-only secret (the Correios access code, Mercado Pago's token and webhook secret): never sent back,
 * required only until one is saved, and left empty to keep the saved one.
 */
function SecretField(props: { field: Field; label: string; saved: boolean; savedText: string; hint: string }) {
  return (
    <PasswordField
      field={props.field}
      label={props.label}
      description={props.saved ? props.savedText : props.hint}
      required={!props.saved}
      autoComplete="new-password"
      maxLength={300}
    />
  );
}

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const hydrated = useHydrated();
  const { form, fields } = useAccountForm({
    schema: shopSettingsSchema,
    answer: useActionData<typeof action>(),
    defaultValue: initialValues(settings),
  });
  const shipping = fields.shipping.getFieldset();
  const pickup = shipping.pickup.getFieldset();
  const free = shipping.free_shipping.getFieldset();
  const correios = shipping.correios.getFieldset();
  const melhorEnvio = shipping.melhor_envio.getFieldset();
  const margin = melhorEnvio.margin.getFieldset();
  const chosenServices = new Set(listOf(melhorEnvio.services.initialValue));
  const payments = fields.payments.getFieldset();
  const pix = payments.pix.getFieldset();
  const mercadopago = payments.mercadopago.getFieldset();
  const notifications = fields.notifications.getFieldset();
  // Sections that follow a choice show all at once before the page runs (and without JavaScript).
  const shows = (ticked: boolean) => !hydrated || ticked;
  const provider = payments.provider.value;
  const { access_token_set: tokenSet, webhook_secret_set: secretSet } = settings.payments.mercadopago;
  const rates = shipping.table_rates.getFieldList();
  const failureOf = (provider: CarrierFailureView["provider"]) =>
    settings.carrier_failures.find((failure) => failure.provider === provider);
  const services = correios.services.getFieldList();

  return (
    <Stack gap="xl">
      <AccountForm form={form} label={loaderData.heading}>
        <Stack>
          <Title order={1} size="h2">
            {loaderData.heading}
          </Title>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Identificação
              </Title>
              <Text size="sm" c="dimmed">
                Quem vende: aparece nos recibos e nas etiquetas de envio.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField field={fields.legal_name} label="Razão social ou nome" maxLength={200} />
                <TextField field={fields.tax_id} label="CNPJ ou CPF" maxLength={30} autoComplete="off" />
                <TextField
                  field={fields.address}
                  label="Endereço do remetente"
                  description="Rua, número e bairro: vão na declaração de conteúdo."
                  maxLength={300}
                />
                <TextField field={fields.city} label="Cidade" maxLength={120} />
                <SelectField field={fields.uf} label="Estado" options={stateOptions} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Origem e retirada
              </Title>
              <TextField
                field={fields.origin_postal_code}
                label="CEP de origem"
                description="De onde saem as encomendas: as cotações de frete partem dele."
                placeholder="00000-000"
                inputMode="numeric"
                maxLength={9}
                w={{ base: "100%", sm: 240 }}
              />
              <CheckboxField field={pickup.enabled} label="Permitir retirada no local" />
              {shows(isTicked(pickup.enabled.value)) ? (
                <>
                  <TextareaField field={pickup.address} label="Endereço de retirada" maxLength={300} />
                  <TextareaField
                    field={pickup.instructions}
                    label="Instruções de retirada"
                    description="Dias e horários, documento a apresentar..."
                    maxLength={500}
                  />
                  <TextField
                    field={pickup.delivery_days}
                    label="Prazo para retirada (dias)"
                    inputMode="numeric"
                    w={{ base: "100%", sm: 240 }}
                  />
                </>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Tabela de frete
              </Title>
              <Text size="sm" c="dimmed">
                Preços próprios por estado ou faixa de CEP e faixa de peso da encomenda.
              </Text>
              {rates.map((rate, index) => {
                const row = rate.getFieldset();
                const region = row.region.getFieldset();
                const kind = region.kind.value;
                const number = `linha ${index + 1}`;
                return (
                  <Paper key={rate.key} withBorder p="sm" role="group" aria-label={`Frete, ${number}`}>
                    <Stack gap="xs">
                      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                        <TextField field={row.name} label="Serviço" maxLength={80} />
                        <SelectField field={region.kind} label="Região" options={regionKinds} />
                        {shows(kind !== "cep_range") ? (
                          <SelectField field={region.uf} label="UF" options={stateOptions} />
                        ) : null}
                        {shows(kind === "cep_range") ? (
                          <>
                            <TextField field={region.from} label="CEP inicial" placeholder="00000-000" maxLength={9} />
                            <TextField field={region.to} label="CEP final" placeholder="00000-000" maxLength={9} />
                          </>
                        ) : null}
                        <TextField field={row.min_weight_grams} label="Peso mínimo (g)" inputMode="numeric" />
                        <TextField field={row.max_weight_grams} label="Peso máximo (g)" inputMode="numeric" />
                        <TextField field={row.price_cents} label="Preço (R$)" placeholder="0,00" inputMode="decimal" />
                        <TextField field={row.delivery_days} label="Prazo (dias)" inputMode="numeric" />
                      </SimpleGrid>
                      <RemoveRowButton
                        change={form.remove.getButtonProps({ name: shipping.table_rates.name, index })}
                        label={`Remover a ${number} do frete`}
                        w="fit-content"
                      />
                    </Stack>
                  </Paper>
                );
              })}
              <ListErrors field={shipping.table_rates} />
              <AddRowButton
                change={form.insert.getButtonProps({ name: shipping.table_rates.name, defaultValue: newRate })}
                w="max-content"
              >
                Adicionar linha de frete
              </AddRowButton>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Frete grátis
              </Title>
              <CheckboxField field={free.enabled} label="Oferecer frete grátis" />
              {shows(isTicked(free.enabled.value)) ? (
                <TextField
                  field={free.min_subtotal_cents}
                  label="A partir de (R$)"
                  description="Subtotal mínimo do carrinho."
                  placeholder="0,00"
                  inputMode="decimal"
                  w={{ base: "100%", sm: 240 }}
                />
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Correios
              </Title>
              <CheckboxField field={correios.enabled} label="Cotar com os Correios (com contrato)" />
              <CarrierFailure failure={failureOf("correios")} />
              {settings.shipping.correios.enabled && settings.shipping.correios.access_code_set ? (
                <ConnectionTest carrier="correios" label="Testar conexão com os Correios">
                  Com o contrato salvo: pede um token aos Correios.
                </ConnectionTest>
              ) : null}
              {shows(isTicked(correios.enabled.value)) ? (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SelectField field={correios.environment} label="Ambiente" options={environmentOptions} />
                    <TextField
                      field={correios.user}
                      label="Usuário (Meu Correios)"
                      maxLength={100}
                      autoComplete="off"
                    />
                    <SecretField
                      field={correios.access_code}
                      label="Código de acesso à API"
                      saved={settings.shipping.correios.access_code_set}
                      savedText="Um código já está salvo: deixe em branco para mantê-lo."
                      hint="Gerado no portal dos Correios."
                    />
                    <TextField
                      field={correios.posting_card}
                      label="Cartão de postagem"
                      inputMode="numeric"
                      maxLength={20}
                    />
                    <TextField
                      field={correios.contract}
                      label="Contrato"
                      description="Em branco: o do cartão de postagem."
                      inputMode="numeric"
                      maxLength={20}
                    />
                    <TextField
                      field={correios.dr}
                      label="DR (diretoria regional)"
                      description="0: a do cartão de postagem."
                      inputMode="numeric"
                      maxLength={2}
                    />
                  </SimpleGrid>
                  <Stack gap="xs" role="group" aria-label="Serviços dos Correios">
                    <Text size="sm" fw={500}>
                      Serviços
                    </Text>
                    {services.map((service, index) => {
                      const item = service.getFieldset();
                      return (
                        <Group key={service.key} align="flex-end" wrap="wrap">
                          <TextField
                            field={item.code}
                            label={`Código do serviço ${index + 1}`}
                            inputMode="numeric"
                            maxLength={5}
                            w={140}
                          />
                          <TextField
                            field={item.name}
                            label={`Nome do serviço ${index + 1}`}
                            maxLength={60}
                            style={{ flex: 1, minWidth: 160 }}
                          />
                          <RemoveRowButton
                            change={form.remove.getButtonProps({ name: correios.services.name, index })}
                            label={`Remover o serviço ${index + 1}`}
                          />
                        </Group>
                      );
                    })}
                    <ListErrors field={correios.services} />
                    <Group gap="xs">
                      <AddRowButton
                        change={form.insert.getButtonProps({
                          name: correios.services.name,
                          defaultValue: { code: "", name: "" },
                        })}
                      >
                        Adicionar serviço
                      </AddRowButton>
                      <Button
                        {...form.update.getButtonProps({
                          name: correios.services.name,
                          value: DEFAULT_CORREIOS_SERVICES.map((service) => ({ ...service })),
                        })}
                        type="submit"
                        variant="subtle"
                        size="xs"
                        leftSection={<IconRestore size={16} aria-hidden />}
                      >
                        Restaurar os serviços padrão
                      </Button>
                    </Group>
                  </Stack>
                </>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Melhor Envio
              </Title>
              <Text size="sm" c="dimmed">
                Cotações de Correios, Jadlog, Loggi, J&amp;T e outras transportadoras sem contrato, com as etiquetas
                pagas pelo saldo da conta do Melhor Envio.
              </Text>
              <CheckboxField field={melhorEnvio.enabled} label="Cotar com o Melhor Envio" />
              <CarrierFailure failure={failureOf("melhorenvio")} />
              {settings.shipping.melhor_envio.enabled && settings.shipping.melhor_envio.token_set ? (
                <ConnectionTest carrier="melhorenvio" label="Testar conexão com o Melhor Envio">
                  Com o token salvo: lê o saldo da conta no Melhor Envio.
                </ConnectionTest>
              ) : null}
              {shows(isTicked(melhorEnvio.enabled.value)) ? (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SelectField
                      field={melhorEnvio.environment}
                      label="Ambiente do Melhor Envio"
                      options={melhorEnvioEnvironmentOptions}
                    />
                    <PasswordField
                      field={melhorEnvio.token}
                      label="Token do Melhor Envio"
                      description={
                        settings.shipping.melhor_envio.token_set
                          ? "Token salvo: deixe em branco para manter."
                          : "Gerado no painel do Melhor Envio (no do sandbox, para testes), com as permissões de cotação e de envio."
                      }
                      required={!settings.shipping.melhor_envio.token_set}
                      autoComplete="new-password"
                      maxLength={MAX_MELHOR_ENVIO_TOKEN}
                    />
                  </SimpleGrid>
                  <Stack gap="xs" role="group" aria-label="Serviços do Melhor Envio" key={melhorEnvio.services.key}>
                    <Text size="sm" fw={500}>
                      Serviços oferecidos
                    </Text>
                    <Text size="sm" c="dimmed">
                      Alguns serviços pedem nota fiscal ou agência de postagem para a etiqueta: confira no painel do
                      Melhor Envio.
                    </Text>
                    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                      {MELHOR_ENVIO_SERVICES.map((service) => (
                        <Checkbox
                          key={service.id}
                          id={`${melhorEnvio.services.id}-${service.id}`}
                          name={melhorEnvio.services.name}
                          value={String(service.id)}
                          defaultChecked={chosenServices.has(String(service.id))}
                          label={`${service.company} ${service.name}`}
                        />
                      ))}
                    </SimpleGrid>
                    <ListErrors field={melhorEnvio.services} />
                  </Stack>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <SelectField field={margin.kind} label="Margem sobre o frete" options={marginKindOptions} />
                    <TextField
                      field={margin.value}
                      label="Valor da margem"
                      description={`Somada a cada preço: em reais (2,50) ou em porcentagem, de 0 a ${MAX_MARGIN_PERCENT}.`}
                      inputMode="decimal"
                      maxLength={12}
                    />
                    <TextField
                      field={melhorEnvio.extra_days}
                      label="Dias a mais no prazo"
                      description={`O tempo de preparo da loja, de 0 a ${MAX_EXTRA_DAYS} dias.`}
                      inputMode="numeric"
                      maxLength={2}
                    />
                  </SimpleGrid>
                </>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Pagamentos
              </Title>
              <SelectField field={payments.provider} label="Forma de pagamento" options={providerOptions} />
              {shows(provider === "pix") ? (
                <>
                  <Text size="sm" c="dimmed">
                    Pix com a chave da loja: o cliente paga com o QR code ou o código copia e cola do pedido; confirme
                    cada pagamento em Pedidos.
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      field={pix.key}
                      label="Chave Pix"
                      description="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória."
                      maxLength={MAX_PIX_KEY}
                      autoComplete="off"
                    />
                    <TextField
                      field={pix.receiver_name}
                      label="Nome de quem recebe"
                      description={`Como aparece no app do banco, até ${MAX_RECEIVER_NAME} letras (sem acentos).`}
                      maxLength={MAX_RECEIVER_NAME}
                    />
                    <TextField
                      field={pix.receiver_city}
                      label="Cidade de quem recebe"
                      description={`Até ${MAX_RECEIVER_CITY} letras.`}
                      maxLength={MAX_RECEIVER_CITY}
                    />
                  </SimpleGrid>
                </>
              ) : null}
              {shows(provider === "mercadopago") ? (
                <>
                  <Text size="sm" c="dimmed">
                    Mercado Pago: Pix com QR code e cartão no checkout do Mercado Pago; o pedido é marcado como pago
                    sozinho. No painel do Mercado Pago, ative as notificações (webhooks) de pagamentos do aplicativo.
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <SecretField
                      field={mercadopago.access_token}
                      label="Access token"
                      saved={tokenSet}
                      savedText="Um token já está salvo: deixe em branco para mantê-lo."
                      hint="Em Suas integrações > Credenciais de produção."
                    />
                    <SecretField
                      field={mercadopago.webhook_secret}
                      label="Assinatura secreta dos webhooks"
                      saved={secretSet}
                      savedText="Uma assinatura já está salva: deixe em branco para mantê-la."
                      hint="Em Suas integrações > Webhooks > Configurar notificações."
                    />
                  </SimpleGrid>
                </>
              ) : null}
              {shows(provider === "manual") ? (
                <TextareaField
                  field={payments.manual.getFieldset().instructions}
                  label="Instruções de pagamento"
                  description="Dados para transferência ou como pagar na retirada; vão na página do pedido e no e-mail."
                  minRows={3}
                  maxLength={2000}
                />
              ) : null}
              <TextField
                field={payments.pix_discount_percent}
                label="Desconto para pagamento com Pix (%)"
                description={`Sai do valor dos produtos, não do frete, quando o cliente paga com Pix: pela chave da loja ou pelo Pix do Mercado Pago. De 0 (sem desconto) a ${MAX_PIX_DISCOUNT_PERCENT} %.`}
                inputMode="numeric"
                maxLength={4}
                w={{ base: "100%", sm: 420 }}
              />
              <TextField
                field={fields.order_expiry_hours}
                label="Prazo para pagamento (horas)"
                description="Sem pagamento nesse prazo, o pedido é cancelado e o estoque volta (72 horas são 3 dias)."
                inputMode="numeric"
                maxLength={3}
                w={{ base: "100%", sm: 420 }}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Atendimento
              </Title>
              <TextField
                field={fields.whatsapp}
                label="WhatsApp da loja"
                description="Com DDD. Mostra o botão “Fale conosco pelo WhatsApp” nos produtos e nos pedidos; em branco, sem botão."
                placeholder="(81) 99999-8888"
                type="tel"
                autoComplete="off"
                maxLength={30}
                w={{ base: "100%", sm: 420 }}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Avisos da loja
              </Title>
              <TextField
                field={notifications.email}
                label="E-mail para avisos da loja"
                description="Em branco: o e-mail público do site (em Configurações) ou, sem ele, o de cada administrador."
                type="email"
                maxLength={254}
              />
              <Text size="sm" data-testid="shop-notice-recipients">
                {recipientsText(loaderData.recipients)}
              </Text>
              <Text size="sm" fw={500}>
                Avisar a loja por e-mail quando houver:
              </Text>
              <CheckboxField field={notifications.new_order} label="Novo pedido" />
              <CheckboxField field={notifications.payment_confirmed} label="Pagamento confirmado pelo Mercado Pago" />
              <CheckboxField
                field={notifications.payment_reversed}
                label="Estorno ou contestação de um pagamento já confirmado"
              />
              <CheckboxField field={notifications.contact_message} label="Nova mensagem de contato" />
            </Stack>
          </Paper>
          <Group>
            <SubmitButton>Salvar</SubmitButton>
          </Group>
        </Stack>
      </AccountForm>
      <Form method="post" id={TEST_FORM} hidden />
    </Stack>
  );
}
