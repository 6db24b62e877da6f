import { formatBRL } from "../../../../common/money.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import type { OrderView } from "../../../../common/views/orders.ts";
import type { ShopSettingsView } from "../../../../common/views/shop.ts";
import { cepText, taxIdText } from "../../../components/conta/order-text.ts";
import { requireAdmin, requireSession } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import type { Route } from "./+types/declaration";
import styles from "./declaration.module.css";

/**
 * The packing slip and the Correios "declaração de conteúdo" of an order, to print on A4 and send with
 * the parcel (goods without an invoice travel with it). A page of its own, without the account's
 * sidebar, so what prints is the documents alone.
 */
export const middleware: Route.MiddlewareFunction[] = [requireSession];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const id = idParam(params);
  return loadOr404(() => services.orders.packingSlip(actor, id));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Declaração de conteúdo, pedido nº ${loaderData.order.number}` : "Declaração de conteúdo" },
    { name: "robots", content: "noindex" },
  ];
}

/** 1500 grams as "1,500 kg", as the Correios form asks for the weight. */
const kilograms = (grams: number) =>
  `${(grams / 1000).toLocaleString("pt-BR", { minimumFractionDigits: 3, maximumFractionDigits: 3 })} kg`;

const cityLine = (city: string, uf: string) => [city, uf].filter(Boolean).join("/");

function Recipient({ order }: { order: OrderView }) {
  const { address } = order;
  return (
    <>
      <strong>{order.customer.name}</strong>
      {order.customer.organization ? <span>{order.customer.organization}</span> : null}
      <span>
        {address.street}, {address.number}
        {address.complement ? ` - ${address.complement}` : ""}
      </span>
      {address.neighborhood ? <span>{address.neighborhood}</span> : null}
      <span>{cityLine(address.city, address.uf)}</span>
      <span>CEP {cepText(address.postal_code)}</span>
    </>
  );
}

function Sender({ sender }: { sender: ShopSettingsView }) {
  return (
    <>
      <strong>{sender.legal_name || "—"}</strong>
      {sender.address ? <span>{sender.address}</span> : null}
      <span>{cityLine(sender.city, sender.uf)}</span>
      {sender.origin_postal_code ? <span>CEP {cepText(sender.origin_postal_code)}</span> : null}
    </>
  );
}

/** The party blocks of the declaração: the same fields for sender and recipient. */
type PartyFields = { title: string; name: string; taxId: string; address: string; place: string; cep: string };

function Party({ title, name, taxId, address, place, cep }: PartyFields) {
  return (
    <table className={styles.party}>
      <caption>{title}</caption>
      <tbody>
        <tr>
          <th scope="row">Nome</th>
          <td colSpan={3}>{name}</td>
        </tr>
        <tr>
          <th scope="row">Endereço</th>
          <td colSpan={3}>{address}</td>
        </tr>
        <tr>
          <th scope="row">Cidade/UF</th>
          <td>{place}</td>
          <th scope="row">CEP</th>
          <td>{cep}</td>
        </tr>
        <tr>
          <th scope="row">CPF/CNPJ</th>
          <td colSpan={3}>{taxId}</td>
        </tr>
      </tbody>
    </table>
  );
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, sender } = loaderData;
  const { address } = order;
  const units = order.items.reduce((total, item) => total + item.quantity, 0);
  const grams = order.items.reduce((total, item) => total + item.weight_grams * item.quantity, 0);
  const street = `${address.street}, ${address.number}${address.complement ? ` - ${address.complement}` : ""}${
    address.neighborhood ? `, ${address.neighborhood}` : ""
  }`;
  return (
    <main className={styles.page}>
      <nav className={styles.toolbar} aria-label="Ações">
        <a href={accountPaths.order(order.id)}>Voltar para o pedido nº {order.number}</a>
        <button type="button" onClick={() => window.print()}>
          Imprimir
        </button>
      </nav>

      <section className={styles.sheet} aria-labelledby="slip-title">
        <h1 id="slip-title" className={styles.title}>
          Etiqueta · Pedido nº {order.number}
        </h1>
        <div className={styles.label}>
          <div className={styles.recipient}>
            <h2>Destinatário</h2>
            <Recipient order={order} />
          </div>
          <div className={styles.sender}>
            <h2>Remetente</h2>
            <Sender sender={sender} />
          </div>
        </div>
      </section>

      <section className={styles.sheet} aria-labelledby="declaration-title">
        <h1 id="declaration-title" className={styles.title}>
          Declaração de conteúdo
        </h1>
        <div className={styles.parties}>
          <Party
            title="Remetente"
            name={sender.legal_name || "—"}
            taxId={taxIdText(sender.tax_id)}
            address={sender.address || "—"}
            place={cityLine(sender.city, sender.uf) || "—"}
            cep={sender.origin_postal_code ? cepText(sender.origin_postal_code) : "—"}
          />
          <Party
            title="Destinatário"
            name={order.customer.name}
            taxId={taxIdText(order.customer.tax_id)}
            address={street}
            place={cityLine(address.city, address.uf)}
            cep={cepText(address.postal_code)}
          />
        </div>

        <table className={styles.goods}>
          <caption>Identificação dos bens</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Conteúdo</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Peso</th>
              <th scope="col">Valor</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.product_id}:${item.variant_id ?? ""}`}>
                <td data-label="Item">{index + 1}</td>
                <td data-label="Conteúdo">{item.variant ? `${item.name} (${item.variant})` : item.name}</td>
                <td data-label="Quantidade">{item.quantity.toLocaleString("pt-BR")}</td>
                <td data-label="Peso">{kilograms(item.weight_grams * item.quantity)}</td>
                <td data-label="Valor">{formatBRL(item.total_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Totais
              </th>
              <td data-label="Quantidade">{units.toLocaleString("pt-BR")}</td>
              <td data-label="Peso" data-testid="declaration-weight">
                {kilograms(grams)}
              </td>
              <td data-label="Valor" data-testid="declaration-value">
                {formatBRL(order.subtotal_cents)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className={styles.declaredValue}>
          Peso total: <strong>{kilograms(grams)}</strong> · Valor declarado:{" "}
          <strong>{formatBRL(order.subtotal_cents)}</strong>
        </p>

        <h2 className={styles.subtitle}>Declaração</h2>
        <p className={styles.text}>
          Declaro que não me enquadro no conceito de contribuinte previsto no art. 4º da Lei Complementar nº 87/1996,
          uma vez que não realizo, com habitualidade ou em volume que caracterize intuito comercial, operações de
          circulação de mercadoria, ainda que se iniciem no exterior, ou estou dispensado da emissão da nota fiscal por
          força da legislação tributária vigente, responsabilizando-me, nos termos da lei e a quem de direito, por
          informações inverídicas.
        </p>
        <p className={styles.text}>
          Declaro, ainda, que não estou postando conteúdo inflamável, explosivo, causador de combustão espontânea,
          tóxico, corrosivo, gás ou qualquer outro conteúdo que constitua perigo, conforme o art. 13 da Lei Postal nº
          6.538/78.
        </p>
        <div className={styles.signatures}>
          <p>_______________________________, _____ de _______________________ de ________</p>
          <p className={styles.signature}>Assinatura do declarante/remetente</p>
        </div>
        <p className={styles.note}>
          Atenção: o declarante/remetente é o único responsável pelas informações declaradas. Constitui crime contra a
          ordem tributária suprimir ou reduzir tributo, ou contribuição social e qualquer acessório (Lei nº 8.137/90,
          art. 1º, V).
        </p>
      </section>
    </main>
  );
}
