import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconPlus, IconRestore, IconTrash } from "@tabler/icons-react";
import { type ComponentProps, useRef } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { formatCep } from "../../../common/brazil/cep.ts";
import { stateOptions } from "../../../common/brazil/states.ts";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import { MAX_RECEIVER_CITY, MAX_RECEIVER_NAME } from "../../../common/pix/br-code.ts";
import {
  MAX_PIX_KEY,
  type PaymentProvider,
  paymentProviderLabels,
  paymentProviders,
} from "../../../common/schemas/payments.ts";
import {
  correiosEnvironmentLabels,
  correiosEnvironments,
  DEFAULT_CORREIOS_SERVICES,
} from "../../../common/schemas/shipping.ts";
import { shopSettingsSchema } from "../../../common/schemas/shop.ts";
import type { ShopSettingsView } from "../../../common/views/shop.ts";
import { reaisText } from "../../components/conta/reais-text.ts";
import { ShopDashboard } from "../../components/conta/shop-dashboard.tsx";
import { formAction, savedInPlace } from "../../lib/action.server.ts";
import { featureTitle } from "../../lib/feature-title.server.ts";
import { CHECK_FIELDS, focusFirstError } from "../../lib/focus-first-error.ts";
import { requireAdmin } from "../../lib/guards.server.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { loadShopDashboard } from "../../lib/shop-dashboard.server.ts";
import { isFailure, useOnAnswer, useServerErrors } from "../../lib/use-server-errors.ts";
import type { Route } from "./+types/shop";

export async function loader({ context }: Route.LoaderArgs) {
  const app = requireAdmin(context);
  const { services, actor } = app;
  const [settings, heading, dashboard] = await Promise.all([
    services.shop.settings(actor),
    featureTitle(services, "shop"),
    loadShopDashboard(app),
  ]);
  return { settings, heading, dashboard };
}

export function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  return formAction(request, shopSettingsSchema, async (input) => {
    await services.shop.updateSettings(actor, input);
    return savedInPlace("Loja salva com sucesso!");
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.heading ?? "Loja" }];
}

type RegionKind = "uf" | "cep_range";

/** A row of the table as typed: every region field kept while the kind changes, amounts in reais. */
type RateDraft = {
  name: string;
  region: { kind: RegionKind; uf: string; from: string; to: string };
  min_weight_grams: string;
  max_weight_grams: string;
  price_cents: string;
  delivery_days: string;
};

type ShopFormValues = {
  legal_name: string;
  address: string;
  tax_id: string;
  city: string;
  uf: string;
  origin_postal_code: string;
  shipping: {
    table_rates: RateDraft[];
    pickup: { enabled: boolean; address: string; instructions: string; delivery_days: string };
    free_shipping: { enabled: boolean; min_subtotal_cents: string };
    correios: {
      enabled: boolean;
      environment: (typeof correiosEnvironments)[number];
      user: string;
      access_code: string;
      posting_card: string;
      contract: string;
      dr: string;
      services: { code: string; name: string }[];
    };
  };
  payments: {
    provider: PaymentProvider;
    pix: { key: string; receiver_name: string; receiver_city: string };
    mercadopago: { access_token: string; webhook_secret: string };
    manual: { instructions: string };
  };
  order_expiry_hours: string;
};

const cepText = (cep: string) => (/^\d{8}$/.test(cep) ? formatCep(cep) : cep);

function initialValues(settings: ShopSettingsView): ShopFormValues {
  const { table_rates, pickup, free_shipping, correios } = settings.shipping;
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
            ? { kind: "uf", uf: rate.region.uf, from: "", to: "" }
            : { kind: "cep_range", uf: "", from: cepText(rate.region.from), to: cepText(rate.region.to) },
        min_weight_grams: String(rate.min_weight_grams),
        max_weight_grams: String(rate.max_weight_grams),
        price_cents: reaisText(rate.price_cents),
        delivery_days: String(rate.delivery_days),
      })),
      pickup: { ...pickup, delivery_days: String(pickup.delivery_days) },
      free_shipping: {
        enabled: free_shipping.enabled,
        min_subtotal_cents: reaisText(free_shipping.min_subtotal_cents),
      },
      correios: {
        enabled: correios.enabled,
        environment: correios.environment,
        user: correios.user,
        access_code: "",
        posting_card: correios.posting_card,
        contract: correios.contract,
        dr: String(correios.dr),
        services: correios.services,
      },
    },
    payments: {
      provider: settings.payments.provider,
      pix: settings.payments.pix,
      mercadopago: { access_token: "", webhook_secret: "" },
      manual: settings.payments.manual,
    },
    order_expiry_hours: String(settings.order_expiry_hours),
  };
}

type Region = { kind: "uf"; uf: string } | { kind: "cep_range"; from: string; to: string };

const regionOf = ({ kind, uf, from, to }: RateDraft["region"]): Region =>
  kind === "uf" ? { kind, uf } : { kind, from, to };

/** What the action receives: each rate's region with only the fields of its kind. */
function submission(values: ShopFormValues) {
  return {
    ...values,
    shipping: {
      ...values.shipping,
      table_rates: values.shipping.table_rates.map(({ region, ...rate }) => ({ ...rate, region: regionOf(region) })),
    },
  };
}

const checkShop = schemaResolver(shopSettingsSchema, { sync: true });

const useShopForm = (values: ShopFormValues) =>
  useForm<ShopFormValues>({
    mode: "controlled",
    initialValues: values,
    validate: (typed) => checkShop(submission(typed)),
    validateInputOnBlur: true,
  });

const newRate = (): RateDraft => ({
  name: "Entrega",
  region: { kind: "uf", uf: "", from: "", to: "" },
  min_weight_grams: "0",
  max_weight_grams: "30000",
  price_cents: "",
  delivery_days: "",
});

const regionKinds = [
  { value: "uf", label: "Estado (UF)" },
  { value: "cep_range", label: "Faixa de CEP" },
];
const environmentOptions = correiosEnvironments.map((value) => ({ value, label: correiosEnvironmentLabels[value] }));
const providerOptions = paymentProviders.map((value) => ({ value, label: paymentProviderLabels[value] }));

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const answer = useActionData<typeof action>();
  const form = useShopForm(initialValues(loaderData.settings));
  const formRef = useRef<HTMLFormElement>(null);
  useServerErrors(form, answer);
  useOnAnswer(answer, (value) => {
    if ("ok" in value && value.ok) {
      notifySuccess(value.message);
      // Secrets are write-only: once saved, their fields empty and say one is kept.
      form.setFieldValue("shipping.correios.access_code", "");
      form.setFieldValue("payments.mercadopago", { access_token: "", webhook_secret: "" });
    } else if (isFailure(value)) focusFirstError(formRef.current, value.errors);
  });
  const { values } = form;
  const { table_rates: rates, pickup, free_shipping: free, correios } = values.shipping;
  const input = (path: string) => form.getInputProps(path);
  const codeSet = loaderData.settings.shipping.correios.access_code_set;

  return (
    <Stack gap="xl">
      <ShopDashboard dashboard={loaderData.dashboard} />
      <form
        ref={formRef}
        noValidate
        aria-label={loaderData.heading}
        onSubmit={form.onSubmit(
          (checked) => submit(submission(checked), { method: "post", encType: "application/json" }),
          (errors, _values, event) => {
            focusFirstError(event?.currentTarget, errors);
            notifyError(CHECK_FIELDS);
          },
        )}
      >
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
                <TextInput label="Razão social ou nome" required maxLength={200} {...input("legal_name")} />
                <TextInput label="CNPJ ou CPF" maxLength={30} autoComplete="off" {...input("tax_id")} />
                <TextInput
                  label="Endereço do remetente"
                  description="Rua, número e bairro: vão na declaração de conteúdo."
                  maxLength={300}
                  {...input("address")}
                />
                <TextInput label="Cidade" maxLength={120} {...input("city")} />
                <NativeSelect label="Estado" data={[...stateOptions]} {...input("uf")} />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Origem e retirada
              </Title>
              <TextInput
                label="CEP de origem"
                description="De onde saem as encomendas."
                placeholder="00000-000"
                inputMode="numeric"
                maxLength={9}
                w={{ base: "100%", sm: 240 }}
                {...input("origin_postal_code")}
              />
              <Switch
                label="Permitir retirada no local"
                {...form.getInputProps("shipping.pickup.enabled", { type: "checkbox" })}
              />
              {pickup.enabled ? (
                <>
                  <Textarea
                    label="Endereço de retirada"
                    required
                    autosize
                    minRows={2}
                    maxLength={300}
                    {...input("shipping.pickup.address")}
                  />
                  <Textarea
                    label="Instruções de retirada"
                    description="Dias e horários, documento a apresentar..."
                    autosize
                    minRows={2}
                    maxLength={500}
                    {...input("shipping.pickup.instructions")}
                  />
                  <TextInput
                    label="Prazo para retirada (dias)"
                    inputMode="numeric"
                    w={{ base: "100%", sm: 240 }}
                    {...input("shipping.pickup.delivery_days")}
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
                const path = `shipping.table_rates.${index}`;
                const row = `linha ${index + 1}`;
                return (
                  // Rows have no id of their own; their position is their identity while editing.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Paper key={index} withBorder p="sm" role="group" aria-label={`Frete, ${row}`}>
                    <Group align="flex-start" wrap="nowrap">
                      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} style={{ flex: 1 }}>
                        <TextInput label="Serviço" required maxLength={80} {...input(`${path}.name`)} />
                        <NativeSelect label="Região" data={regionKinds} {...input(`${path}.region.kind`)} />
                        {rate.region.kind === "uf" ? (
                          <NativeSelect label="UF" required data={[...stateOptions]} {...input(`${path}.region.uf`)} />
                        ) : (
                          <>
                            <TextInput
                              label="CEP inicial"
                              required
                              placeholder="00000-000"
                              maxLength={9}
                              {...input(`${path}.region.from`)}
                            />
                            <TextInput
                              label="CEP final"
                              required
                              placeholder="00000-000"
                              maxLength={9}
                              {...input(`${path}.region.to`)}
                            />
                          </>
                        )}
                        <TextInput label="Peso mínimo (g)" inputMode="numeric" {...input(`${path}.min_weight_grams`)} />
                        <TextInput label="Peso máximo (g)" inputMode="numeric" {...input(`${path}.max_weight_grams`)} />
                        <TextInput
                          label="Preço (R$)"
                          required
                          placeholder="0,00"
                          inputMode="decimal"
                          {...input(`${path}.price_cents`)}
                        />
                        <TextInput
                          label="Prazo (dias)"
                          required
                          inputMode="numeric"
                          {...input(`${path}.delivery_days`)}
                        />
                      </SimpleGrid>
                      <ActionIcon
                        variant="subtle"
                        color="danger"
                        mt={28}
                        onClick={() => form.removeListItem("shipping.table_rates", index)}
                        aria-label={`Remover a ${row} do frete`}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Paper>
                );
              })}
              {typeof form.errors["shipping.table_rates"] === "string" ? (
                <Text size="sm" c="var(--mantine-color-error)">
                  {form.errors["shipping.table_rates"]}
                </Text>
              ) : null}
              <Button
                variant="light"
                size="xs"
                w="max-content"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => form.insertListItem("shipping.table_rates", newRate())}
              >
                Adicionar linha de frete
              </Button>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Frete grátis
              </Title>
              <Switch
                label="Oferecer frete grátis"
                {...form.getInputProps("shipping.free_shipping.enabled", { type: "checkbox" })}
              />
              {free.enabled ? (
                <TextInput
                  label="A partir de (R$)"
                  description="Subtotal mínimo do carrinho."
                  placeholder="0,00"
                  inputMode="decimal"
                  w={{ base: "100%", sm: 240 }}
                  {...input("shipping.free_shipping.min_subtotal_cents")}
                />
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h4">
                Correios
              </Title>
              <Switch
                label="Cotar com os Correios"
                {...form.getInputProps("shipping.correios.enabled", { type: "checkbox" })}
              />
              {correios.enabled ? (
                <>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label="Ambiente"
                      data={environmentOptions}
                      {...input("shipping.correios.environment")}
                    />
                    <TextInput
                      label="Usuário (Meu Correios)"
                      required
                      maxLength={100}
                      autoComplete="off"
                      {...input("shipping.correios.user")}
                    />
                    <SecretInput
                      label="Código de acesso à API"
                      saved={codeSet}
                      savedText="Um código já está salvo: deixe em branco para mantê-lo."
                      hint="Gerado no portal dos Correios."
                      maxLength={200}
                      {...input("shipping.correios.access_code")}
                    />
                    <TextInput
                      label="Cartão de postagem"
                      required
                      inputMode="numeric"
                      maxLength={20}
                      {...input("shipping.correios.posting_card")}
                    />
                    <TextInput
                      label="Contrato"
                      description="Em branco: o do cartão de postagem."
                      inputMode="numeric"
                      maxLength={20}
                      {...input("shipping.correios.contract")}
                    />
                    <TextInput
                      label="DR (diretoria regional)"
                      description="0: a do cartão de postagem."
                      inputMode="numeric"
                      maxLength={2}
                      {...input("shipping.correios.dr")}
                    />
                  </SimpleGrid>
                  <CorreiosServices form={form} />
                </>
              ) : null}
            </Stack>
          </Paper>
          <Payments form={form} settings={loaderData.settings} />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The Correios services offered to shoppers: the specification's five, or a contract's own codes. */
function CorreiosServices({ form }: { form: ReturnType<typeof useShopForm> }) {
  const services = form.values.shipping.correios.services;
  const listError = form.errors["shipping.correios.services"];
  return (
    <Stack gap="xs" role="group" aria-label="Serviços dos Correios">
      <Text size="sm" fw={500}>
        Serviços
      </Text>
      {services.map((service, index) => {
        const path = `shipping.correios.services.${index}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: codes change while typed; the position is the row
          <Group key={index} align="flex-start" wrap="nowrap">
            <TextInput
              label={`Código do serviço ${index + 1}`}
              inputMode="numeric"
              maxLength={5}
              w={140}
              {...form.getInputProps(`${path}.code`)}
            />
            <TextInput
              label={`Nome do serviço ${index + 1}`}
              maxLength={60}
              style={{ flex: 1 }}
              {...form.getInputProps(`${path}.name`)}
            />
            <ActionIcon
              variant="subtle"
              color="danger"
              mt={28}
              onClick={() => form.removeListItem("shipping.correios.services", index)}
              aria-label={`Remover o serviço ${service.name || index + 1}`}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {typeof listError === "string" ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {listError}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem("shipping.correios.services", { code: "", name: "" })}
        >
          Adicionar serviço
        </Button>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconRestore size={16} aria-hidden />}
          onClick={() =>
            form.setFieldValue(
              "shipping.correios.services",
              DEFAULT_CORREIOS_SERVICES.map((service) => ({ ...service })),
            )
          }
        >
          Restaurar os serviços padrão
        </Button>
      </Group>
    </Stack>
  );
}

/** How customers pay, and how long an unpaid order holds its stock. */
function Payments({ form, settings }: { form: ReturnType<typeof useShopForm>; settings: ShopSettingsView }) {
  const { provider } = form.values.payments;
  const input = (path: string) => form.getInputProps(path);
  const { access_token_set: tokenSet, webhook_secret_set: secretSet } = settings.payments.mercadopago;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Pagamentos
        </Title>
        <NativeSelect label="Forma de pagamento" data={providerOptions} {...input("payments.provider")} />
        {provider === "pix" ? (
          <>
            <Text size="sm" c="dimmed">
              O cliente paga com o QR code ou o código copia e cola do pedido; confirme cada pagamento em Pedidos.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Chave Pix"
                description="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória."
                required
                maxLength={MAX_PIX_KEY}
                autoComplete="off"
                {...input("payments.pix.key")}
              />
              <TextInput
                label="Nome de quem recebe"
                description={`Como aparece no app do banco, até ${MAX_RECEIVER_NAME} letras (sem acentos).`}
                required
                maxLength={MAX_RECEIVER_NAME}
                {...input("payments.pix.receiver_name")}
              />
              <TextInput
                label="Cidade de quem recebe"
                description={`Até ${MAX_RECEIVER_CITY} letras.`}
                required
                maxLength={MAX_RECEIVER_CITY}
                {...input("payments.pix.receiver_city")}
              />
            </SimpleGrid>
          </>
        ) : null}
        {provider === "mercadopago" ? (
          <>
            <Text size="sm" c="dimmed">
              Pix com QR code do Mercado Pago e cartão no checkout do Mercado Pago; o pedido é marcado como pago
              sozinho. No painel do Mercado Pago, ative as notificações (webhooks) de pagamentos do aplicativo.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <SecretInput
                label="Access token"
                saved={tokenSet}
                savedText="Um token já está salvo: deixe em branco para mantê-lo."
                hint="Em Suas integrações > Credenciais de produção."
                maxLength={300}
                {...input("payments.mercadopago.access_token")}
              />
              <SecretInput
                label="Assinatura secreta dos webhooks"
                saved={secretSet}
                savedText="Uma assinatura já está salva: deixe em branco para mantê-la."
                hint="Em Suas integrações > Webhooks > Configurar notificações."
                maxLength={300}
                {...input("payments.mercadopago.webhook_secret")}
              />
            </SimpleGrid>
          </>
        ) : null}
        {provider === "manual" ? (
          <Textarea
            label="Instruções de pagamento"
            description="Dados para transferência ou como pagar na retirada; vão na página do pedido e no e-mail."
            required
            autosize
            minRows={3}
            maxLength={2000}
            {...input("payments.manual.instructions")}
          />
        ) : null}
        <TextInput
          label="Prazo para pagamento (horas)"
          description="Sem pagamento nesse prazo, o pedido é cancelado e o estoque volta (72 horas são 3 dias)."
          inputMode="numeric"
          maxLength={3}
          w={{ base: "100%", sm: 420 }}
          {...input("order_expiry_hours")}
        />
      </Stack>
    </Paper>
  );
}

/**
 * A write-only secret (the Correios access code, Mercado Pago's token and webhook secret): never sent back,
 * required only until one is saved, and left empty to keep the saved one.
 */
function SecretInput({
  saved,
  savedText,
  hint,
  ...props
}: { saved: boolean; savedText: string; hint: string } & ComponentProps<typeof PasswordInput>) {
  return (
    <PasswordInput description={saved ? savedText : hint} required={!saved} autoComplete="new-password" {...props} />
  );
}
