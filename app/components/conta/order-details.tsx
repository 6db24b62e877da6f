import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { formatPhone } from "../../../common/brazil/phone.ts";
import { carrierLabels } from "../../../common/brazil/tracking.ts";
import { formatBRL } from "../../../common/money.ts";
import type { OrderView } from "../../../common/views/orders.ts";
import { cepText, taxIdText } from "./order-text.ts";
import { StackedCell, StackedTable } from "./record-table.tsx";

const daysText = (days: number) => (days === 1 ? "1 dia útil" : `${days} dias úteis`);

/** How the customer pays, in her words rather than the settings' longer descriptions of each provider. */
const paymentMethodLabels: Record<string, string> = {
  pix: "Pix",
  mercadopago: "Mercado Pago (Pix ou cartão)",
  manual: "Transferência ou pagamento na retirada",
};
const paymentText = (method: string) => paymentMethodLabels[method] ?? method;

/**
 * The carrier's tracking page for the parcel. It opens in a new tab, on another site: the link says so, and
 * gives that site no hold on this page (noopener).
 */
export function TrackingLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
      Rastrear encomenda{" "}
      <Text span size="xs" fw={400}>
        (abre o site da transportadora em nova aba)
      </Text>{" "}
      <IconExternalLink size={14} aria-hidden style={{ verticalAlign: "text-bottom" }} />
    </Anchor>
  );
}

/** One labelled fact of a section: a term and its description (inside a <dl>). */
export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" id={id}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The items bought, with the order's subtotal, shipping and total. */
export function OrderItems({ order }: { order: OrderView }) {
  return (
    <Section title="Itens">
      <StackedTable minWidth={560} aria-label="Itens do pedido" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Produto</Table.Th>
            <Table.Th ta="right">Quantidade</Table.Th>
            <Table.Th ta="right">Preço unitário</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((item) => (
            <Table.Tr key={`${item.product_id}:${item.variant_id ?? ""}`}>
              <StackedCell label="Produto">
                <Text size="sm" fw={500}>
                  {item.name}
                </Text>
                {item.variant || item.sku ? (
                  <Text size="xs" c="dimmed">
                    {[item.variant, item.sku ? `SKU ${item.sku}` : ""].filter(Boolean).join(" · ")}
                  </Text>
                ) : null}
              </StackedCell>
              <StackedCell label="Quantidade" ta="right">
                {item.quantity.toLocaleString("pt-BR")}
              </StackedCell>
              <StackedCell label="Preço unitário" ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatBRL(item.unit_price_cents)}
              </StackedCell>
              <StackedCell label="Total" ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatBRL(item.total_cents)}
              </StackedCell>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right" scope="row">
              Subtotal
            </Table.Th>
            <Table.Td ta="right">{formatBRL(order.subtotal_cents)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th colSpan={3} ta="right" scope="row">
              Frete
            </Table.Th>
            <Table.Td ta="right">{formatBRL(order.shipping_cents)}</Table.Td>
          </Table.Tr>
          {order.coupon_code ? (
            <Table.Tr>
              <Table.Th colSpan={3} ta="right" scope="row">
                Cupom {order.coupon_code}
              </Table.Th>
              <Table.Td ta="right">− {formatBRL(order.coupon_discount_cents)}</Table.Td>
            </Table.Tr>
          ) : null}
          {order.pix_discount_cents > 0 ? (
            <Table.Tr>
              <Table.Th colSpan={3} ta="right" scope="row">
                Desconto no Pix
              </Table.Th>
              <Table.Td ta="right">− {formatBRL(order.pix_discount_cents)}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Th colSpan={3} ta="right" scope="row">
              Total
            </Table.Th>
            <Table.Td ta="right" fw={700} data-testid="order-total">
              {formatBRL(order.total_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </StackedTable>
    </Section>
  );
}

/** Who bought, where it goes, how it travels and how it is paid. */
/** `addressEditor`: the administrators' "Corrigir endereço", inside the address's section. */
export function OrderFacts({ order, addressEditor }: { order: OrderView; addressEditor?: ReactNode }) {
  const { customer, address, shipping } = order;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Section title="Cliente">
        <Stack gap="xs" component="dl" m={0}>
          <Fact term="Nome">{customer.name}</Fact>
          {customer.organization ? <Fact term="Organização">{customer.organization}</Fact> : null}
          <Fact term="E-mail">{customer.email}</Fact>
          <Fact term="Telefone">{customer.phone ? formatPhone(customer.phone) : "—"}</Fact>
          <Fact term="CPF/CNPJ">{taxIdText(customer.tax_id)}</Fact>
        </Stack>
      </Section>
      {/* The nota fiscal's problems with the address point here (server/modules/fiscal/fiscal-notes.ts). */}
      <Section title="Endereço de entrega" id="endereco">
        <Text component="address" style={{ fontStyle: "normal" }}>
          {address.street}, {address.number}
          {address.complement ? ` - ${address.complement}` : ""}
          <br />
          {address.neighborhood ? (
            <>
              {address.neighborhood}
              <br />
            </>
          ) : null}
          {address.city}/{address.uf}
          <br />
          CEP {cepText(address.postal_code)}
        </Text>
        {addressEditor}
      </Section>
      <Section title="Entrega">
        <Stack gap="xs" component="dl" m={0}>
          <Fact term="Forma de entrega">{shipping.name}</Fact>
          <Fact term="Valor do frete">{formatBRL(shipping.price_cents)}</Fact>
          <Fact term="Prazo">{daysText(shipping.delivery_days)}</Fact>
          {shipping.details ? <Fact term="Detalhes">{shipping.details}</Fact> : null}
          {order.tracking_carrier ? <Fact term="Transportadora">{carrierLabels[order.tracking_carrier]}</Fact> : null}
          <Fact term="Código de rastreamento">
            {order.tracking_code ?? "Ainda não enviado"}
            {order.tracking_url ? (
              <>
                <br />
                <TrackingLink url={order.tracking_url} />
              </>
            ) : null}
          </Fact>
        </Stack>
      </Section>
      <Section title="Pagamento">
        <Stack gap="xs" component="dl" m={0}>
          <Fact term="Forma de pagamento">{paymentText(order.payment_method)}</Fact>
          <Fact term="Total">{formatBRL(order.total_cents)}</Fact>
        </Stack>
      </Section>
    </SimpleGrid>
  );
}
