import { Alert, Box, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatBRL } from "../../../common/money.ts";
import {
  type CouponKind,
  couponKindLabels,
  couponKinds,
  couponSchema,
  formatCouponDay,
} from "../../../common/schemas/coupons.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { CouponProductChoice, CouponView } from "../../../common/views/coupons.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { AppLink } from "../app-link.tsx";
import { AccountForm, SubmitButton } from "../form-kit/account-form.tsx";
import { CheckboxField, errorText, SelectField, TextareaField, TextField } from "../form-kit/fields.tsx";
import { useAccountForm } from "../form-kit/use-account-form.ts";
import { reaisText } from "./reais-text.ts";
import { TagsField } from "./tags-field.tsx";

export const COUPON_LIST = accountPaths.area("cupons");

/** What a coupon gives, as the list says it: "10 %", "R$ 15,00", "Frete grátis". */
export function couponBenefit(coupon: Pick<CouponView, "kind" | "percent" | "amount_cents">): string {
  if (coupon.kind === "percent") return `${coupon.percent ?? 0} %`;
  if (coupon.kind === "fixed") return formatBRL(coupon.amount_cents ?? 0);
  return couponKindLabels.free_shipping;
}

/** When it applies, in São Paulo's days: "01/12/2026 a 31/12/2026", "A partir de …", "Até …", "Sem prazo". */
export function couponValidity(coupon: Pick<CouponView, "valid_from" | "valid_until">): string {
  const { valid_from: from, valid_until: until } = coupon;
  if (from && until) return `${formatCouponDay(from)} a ${formatCouponDay(until)}`;
  if (from) return `A partir de ${formatCouponDay(from)}`;
  if (until) return `Até ${formatCouponDay(until)}`;
  return "Sem prazo";
}

/** The coupon as the form shows it: amounts as reais text, numbers and days as typed. */
export type CouponFormValues = {
  code: string;
  kind: CouponKind;
  percent: string;
  amount_cents: string;
  min_subtotal_cents: string;
  valid_from: string;
  valid_until: string;
  max_uses: string;
  max_uses_per_customer: string;
  product_ids: string[];
  tags: string[];
  active: boolean;
  description: string;
};

export const emptyCoupon: CouponFormValues = {
  code: "",
  kind: "percent",
  percent: "",
  amount_cents: "",
  min_subtotal_cents: "",
  valid_from: "",
  valid_until: "",
  max_uses: "",
  max_uses_per_customer: "",
  product_ids: [],
  tags: [],
  active: true,
  description: "",
};

const text = (value: number | null) => (value === null ? "" : String(value));

export function couponFormValues(coupon: CouponView): CouponFormValues {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: text(coupon.percent),
    amount_cents: coupon.amount_cents === null ? "" : reaisText(coupon.amount_cents),
    min_subtotal_cents: coupon.min_subtotal_cents === 0 ? "" : reaisText(coupon.min_subtotal_cents),
    valid_from: coupon.valid_from ?? "",
    valid_until: coupon.valid_until ?? "",
    max_uses: text(coupon.max_uses),
    max_uses_per_customer: text(coupon.max_uses_per_customer),
    product_ids: coupon.product_ids.map(String),
    tags: coupon.tags,
    active: coupon.active,
    description: coupon.description,
  };
}

const kindOptions = couponKinds.map((kind) => ({ value: kind, label: couponKindLabels[kind] }));

const listOf = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
};

/**
 * The catalogue's products as boxes named product_ids: plain inputs, so the choice posts without
 * JavaScript; the list scrolls when the catalogue is long.
 */
function ProductChoices({
  field,
  products,
}: {
  field: { key: string | undefined; name: string; initialValue: unknown; errors: string[] | undefined };
  products: CouponProductChoice[];
}) {
  const chosen = new Set(listOf(field.initialValue));
  const error = errorText(field);
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }} key={field.key}>
      <Text component="legend" size="sm" fw={500} p={0}>
        Produtos
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        Nenhum marcado e nenhuma etiqueta: vale para o carrinho todo.
      </Text>
      {products.length === 0 ? (
        <Text size="sm" c="dimmed">
          A loja ainda não tem produtos.
        </Text>
      ) : (
        <Paper withBorder p="sm" mah={260} style={{ overflowY: "auto" }}>
          <Stack gap={8}>
            {products.map((product) => (
              <Checkbox
                key={product.id}
                name={field.name}
                value={String(product.id)}
                label={product.name}
                defaultChecked={chosen.has(String(product.id))}
              />
            ))}
          </Stack>
        </Paper>
      )}
      {error ? (
        <Text size="xs" c="var(--mantine-color-error)" mt={4}>
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * The new and edit screens of a coupon: a plain form that saves without JavaScript (only the tags need
 * it, and say so). Before the page runs every kind's value shows; then only the chosen kind's.
 */
export function CouponForm(props: {
  title: string;
  defaultValue: CouponFormValues;
  products: CouponProductChoice[];
  tagSuggestions: string[];
  /** The uses an edited coupon already has. */
  uses?: number;
  answer: unknown;
}) {
  const { form, fields } = useAccountForm({
    schema: couponSchema,
    defaultValue: props.defaultValue,
    answer: props.answer,
  });
  const hydrated = useHydrated();
  const kind = fields.kind.value;
  const shows = (which: CouponKind) => !hydrated || kind === which;

  return (
    <AccountForm form={form} label={props.title}>
      <Stack maw={760}>
        <Title order={1} size="h2">
          {props.title}
        </Title>
        {props.uses ? (
          <Alert
            color="primary"
            variant="light"
            title={`Usado em ${props.uses} ${props.uses === 1 ? "pedido" : "pedidos"}`}
          >
            As mudanças valem para os próximos pedidos; os já feitos mantêm o desconto que receberam.
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <Stack>
            <TextField
              field={fields.code}
              label="Código"
              description="O que o cliente digita no carrinho, como NATAL10: letras sem acento, números, - ou _. Maiúsculas e minúsculas não fazem diferença."
              placeholder="NATAL10"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              styles={{ input: { textTransform: "uppercase" } }}
            />
            <SelectField field={fields.kind} label="Desconto" options={kindOptions} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {shows("percent") ? (
                <TextField
                  field={fields.percent}
                  label="Porcentagem (%)"
                  // Needed for its kind only: marked once the form shows the chosen kind's field alone.
                  required={hydrated}
                  description={hydrated ? "Dos produtos em que o cupom vale." : "Para cupons de porcentagem."}
                  placeholder="10"
                  inputMode="numeric"
                  autoComplete="off"
                />
              ) : null}
              {shows("fixed") ? (
                <TextField
                  field={fields.amount_cents}
                  label="Valor do desconto (R$)"
                  required={hydrated}
                  description={
                    hydrated ? "Nunca mais que o total dos produtos em que vale." : "Para cupons de valor fixo."
                  }
                  placeholder="15,00"
                  inputMode="decimal"
                  autoComplete="off"
                />
              ) : null}
            </SimpleGrid>
            {hydrated && kind === "free_shipping" ? (
              <Text size="sm" c="dimmed">
                O frete escolhido pelo cliente sai de graça.
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Condições
            </Title>
            <TextField
              field={fields.min_subtotal_cents}
              label="Valor mínimo do carrinho (R$)"
              description="Em branco: sem mínimo."
              placeholder="0,00"
              inputMode="decimal"
              autoComplete="off"
              w={{ base: "100%", sm: 280 }}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField
                field={fields.valid_from}
                label="Primeiro dia"
                description="Vale desde 00:00 (horário de Brasília). Em branco: já vale."
                type="date"
              />
              <TextField
                field={fields.valid_until}
                label="Último dia"
                description="Vale até 23:59 (horário de Brasília). Em branco: sem fim."
                type="date"
              />
              <TextField
                field={fields.max_uses}
                label="Usos no total"
                description="Pedidos que podem usá-lo. Em branco: sem limite."
                inputMode="numeric"
                autoComplete="off"
              />
              <TextField
                field={fields.max_uses_per_customer}
                label="Usos por cliente"
                description="Em branco: sem limite."
                inputMode="numeric"
                autoComplete="off"
              />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              Um pedido cancelado devolve o uso do cupom.
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={2} size="h4">
              Onde vale
            </Title>
            <Text size="sm" c="dimmed">
              O desconto vale para os itens dos produtos marcados ou que tenham uma das etiquetas.
            </Text>
            <ProductChoices field={fields.product_ids} products={props.products} />
            <TagsField field={fields.tags} suggestions={props.tagSuggestions} />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <TextareaField
              field={fields.description}
              label="Nota interna"
              description="Só administradores veem."
              maxLength={500}
            />
            <CheckboxField
              field={fields.active}
              label="Ativo"
              description="Desmarque para pausar o cupom sem apagá-lo."
            />
          </Stack>
        </Paper>
        <Group>
          <SubmitButton>Salvar</SubmitButton>
          <Button component={AppLink} to={COUPON_LIST} variant="default">
            Cancelar
          </Button>
        </Group>
      </Stack>
    </AccountForm>
  );
}
