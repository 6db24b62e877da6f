import { describe, expect, it } from "vitest";
import { payByText } from "../../../../common/dates/pay-by.ts";
import { type MailSite, type OrderMail, renderMail } from "./index.ts";

const site: MailSite = { title: "Cooperativa Vale Verde", primaryColor: "#523d38", url: "https://coop.example.com" };

const order: OrderMail = {
  number: 1042,
  customerName: "Joana Silva",
  url: "https://coop.example.com/conta/pedidos/7",
  items: [
    { name: "Café torrado", variant: "500 g", quantity: 2, unitPriceCents: 3450, totalCents: 6900 },
    { name: "Mel", variant: "", quantity: 1, unitPriceCents: 123456, totalCents: 123456 },
  ],
  subtotalCents: 130356,
  shippingCents: 1290,
  coupon: null,
  pixDiscountCents: 0,
  totalCents: 131646,
  shippingName: "Entrega padrão",
  deliveryDays: 3,
  address: "Rua das Flores, 10\nCentro, Campinas - SP\n13010-000",
};

const HOSTILE = `<script>alert("x")</script> & 'aspas'`;
const PAY_BY = payByText("2026-12-05T00:47:00Z");

describe("the e-mail templates", () => {
  it("tells an order received with the Pix code, the items and the totals in reais", () => {
    const mail = renderMail(
      "order-received",
      { order, payment: { kind: "pix", copyPaste: "00020126PIX6304ABCD", payBy: PAY_BY } },
      site,
    );
    expect(mail.subject).toBe("Pedido nº 1042 recebido");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Joana Silva");
      expect(body).toContain("00020126PIX6304ABCD");
      expect(body).toContain("Café torrado (500 g)");
      expect(body).toContain("R$ 34,50");
      expect(body).toContain("R$ 1.234,56");
      expect(body).toContain("R$ 1.316,46");
      expect(body).toContain("Entrega padrão, até 3 dias úteis");
      expect(body).toContain("Pix Copia e Cola");
      expect(body).toContain("Pague até 04/12/2026 às 21:47 (horário de Brasília); depois disso o pedido é cancelado.");
      expect(body).toContain("https://coop.example.com/conta/pedidos/7");
      expect(body).toContain("Cooperativa Vale Verde");
    }
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain("border-top:6px solid #523d38");
    expect(mail.html).toContain("Rua das Flores, 10<br>Centro, Campinas - SP");
    expect(mail.text).toContain("- Café torrado (500 g): 2 × R$ 34,50 = R$ 69,00");
  });

  it("lists the coupon's and the Pix discount's lines when the order has them", () => {
    const discounted = { ...order, coupon: { code: "PROMO10", discountCents: 13036 }, pixDiscountCents: 5866 };
    const mail = renderMail("order-paid", { order: { ...discounted, totalCents: 112744 } }, site);
    expect(mail.text).toContain("Cupom PROMO10: − R$ 130,36\nDesconto no Pix: − R$ 58,66\nTotal: R$ 1.127,44");
    expect(mail.html).toContain("Cupom PROMO10");
    expect(mail.html).toContain("Desconto no Pix");
    expect(renderMail("order-paid", { order }, site).text).not.toContain("Cupom");
  });

  it("explains each way of paying, or none", () => {
    const link = renderMail(
      "order-received",
      { order, payment: { kind: "link", url: "https://pay.example.com/p/1", payBy: PAY_BY } },
      site,
    );
    expect(link.html).toContain('href="https://pay.example.com/p/1"');
    expect(link.text).toContain("Pagar agora: https://pay.example.com/p/1");
    const manual = renderMail(
      "order-received",
      { order, payment: { kind: "manual", instructions: "Transferência para\nBanco 001, ag. 1234", payBy: PAY_BY } },
      site,
    );
    expect(manual.html).toContain("Transferência para<br>Banco 001, ag. 1234");
    expect(manual.text).toContain(
      "Como pagar\nValor: R$ 1.316,46\n\nTransferência para\nBanco 001, ag. 1234\n\nPague até 04/12/2026 às 21:47",
    );
    expect(manual.html).toContain("Pague até 04/12/2026 às 21:47 (horário de Brasília)");
    expect(link.text).toContain("Pague até 04/12/2026 às 21:47");
    const none = renderMail("order-received", { order, payment: { kind: "none" } }, site);
    expect(none.text).not.toContain("Pague");
    expect(none.text).not.toContain("Como pagar");
  });

  it("makes every order step's e-mail in pt-BR", () => {
    expect(renderMail("order-paid", { order }, site).subject).toBe("Pagamento confirmado: pedido nº 1042");
    const sent = renderMail(
      "order-sent",
      { order, tracking: { code: "AA123456785BR", carrier: "Correios", url: null } },
      site,
    );
    expect(sent.subject).toBe("Pedido nº 1042 enviado");
    expect(sent.text).toContain("código de rastreamento (Correios):\nAA123456785BR");
    const canceled = renderMail("order-canceled", { order, reason: "Pagamento não recebido" }, site);
    expect(canceled.subject).toBe("Pedido nº 1042 cancelado");
    expect(canceled.text).toContain("Motivo: Pagamento não recebido");
    const processing = renderMail(
      "order-status",
      { order, status: "Em processamento", note: "Separando os itens" },
      site,
    );
    expect(processing.subject).toBe("Pedido nº 1042: Em processamento");
    expect(processing.text).toContain("Observação: Separando os itens");
    const reset = renderMail("password-reset", { name: "Ana", link: "https://coop.example.com/senha/abc" }, site);
    expect(reset.text).toContain("Criar nova senha: https://coop.example.com/senha/abc");
    expect(reset.text).toContain("1 hora");
    const created = renderMail("account-created", { name: "Ana", loginUrl: "https://coop.example.com/login" }, site);
    expect(created.subject).toBe("Bem-vindo(a) a Cooperativa Vale Verde");
  });

  it("escapes what people typed in the HTML body and keeps it as typed in the text", () => {
    const hostileOrder: OrderMail = {
      ...order,
      customerName: HOSTILE,
      address: HOSTILE,
      items: [{ ...order.items[0], name: HOSTILE, variant: HOSTILE } as OrderMail["items"][number]],
    };
    const mails = [
      renderMail("contact-message", { name: HOSTILE, email: "a@example.com", message: `${HOSTILE}\nlinha 2` }, site),
      renderMail(
        "order-received",
        { order: hostileOrder, payment: { kind: "manual", instructions: HOSTILE, payBy: PAY_BY } },
        site,
      ),
      renderMail("order-canceled", { order: hostileOrder, reason: HOSTILE }, site),
      renderMail(
        "order-sent",
        { order: hostileOrder, tracking: { code: HOSTILE, carrier: "Correios", url: null } },
        site,
      ),
      renderMail("account-created", { name: "Ana", loginUrl: "https://x.example/login" }, { ...site, title: HOSTILE }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;aspas&#39;");
      expect(mail.text).toContain(HOSTILE);
    }
    const contact = mails[0];
    expect(contact?.subject).toBe(`Nova mensagem de contato de ${HOSTILE}`);
    expect(contact?.html).toContain("&#39;aspas&#39;<br>linha 2");
  });

  it("keeps the subject on one line and the button readable on a light colour", () => {
    const mail = renderMail(
      "contact-message",
      { name: "Rui\r\nBcc: x@example.com", email: "r@example.com", message: "Oi" },
      {
        ...site,
        primaryColor: "#f5e663",
      },
    );
    expect(mail.subject).toBe("Nova mensagem de contato de Rui Bcc: x@example.com");
    const processing = renderMail(
      "order-status",
      { order, status: "Em processamento", note: "Separando os itens" },
      site,
    );
    expect(processing.subject).toBe("Pedido nº 1042: Em processamento");
    expect(processing.text).toContain("Observação: Separando os itens");
    const reset = renderMail(
      "password-reset",
      { name: "Ana", link: "https://x.example/s" },
      { ...site, primaryColor: "#f5e663" },
    );
    expect(reset.html).toContain("background:#f5e663;color:#111111");
    expect(renderMail("password-reset", { name: "Ana", link: "https://x.example/s" }, site).html).toContain(
      "background:#523d38;color:#ffffff",
    );
  });

  it("leaves the site's address out before BASE_URL is set", () => {
    const mail = renderMail("order-paid", { order }, { ...site, url: null });
    expect(mail.text.trimEnd().endsWith("Mensagem automática de Cooperativa Vale Verde")).toBe(true);
  });
});

describe("the tracking in the 'Produto enviado' e-mail", () => {
  it("links the carrier's tracking page, in both bodies and as the button", () => {
    const url = "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR";
    const mail = renderMail(
      "order-sent",
      { order, tracking: { code: "AA123456785BR", carrier: "Correios", url } },
      site,
    );
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.html).toContain("Rastrear a encomenda no site da transportadora");
    expect(mail.text).toContain(`Rastrear a encomenda no site da transportadora: ${url}`);
    expect(mail.text).toContain(`Rastrear encomenda: ${url}`);
  });

  it("shows the code alone when the carrier has no page, the button leading to the order", () => {
    const mail = renderMail(
      "order-sent",
      { order, tracking: { code: "LOTE 7/B", carrier: "Outra transportadora", url: null } },
      site,
    );
    expect(mail.text).toContain("código de rastreamento (Outra transportadora):\nLOTE 7/B");
    expect(mail.text).not.toContain("Rastrear");
    expect(mail.text).toContain(`Ver o pedido: ${order.url}`);
  });
});

describe("the shop's own e-mails", () => {
  const link = "https://coop.example.com/conta/pedidos/7";
  const owner = { order, customerEmail: "joana@example.com", customerPhone: "81987654321", link };

  it("tells a new order: who bought, how to reach her, items, total, payment and the order's page", () => {
    const mail = renderMail("owner-new-order", { ...owner, paymentMethod: "Pix" }, site);
    expect(mail.subject).toBe("Novo pedido nº 1042: R$ 1.316,46 de Joana Silva");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Joana Silva (joana@example.com, (81) 98765-4321) fez o pedido nº 1042, de R$ 1.316,46.");
      expect(body).toContain("Forma de pagamento: Pix.");
      expect(body).toContain("Café torrado (500 g)");
      expect(body).toContain("R$ 1.316,46");
      expect(body).toContain(link);
      expect(body).toContain("Responda a este e-mail para escrever a quem fez o pedido.");
    }
    expect(mail.text).toContain(`Ver o pedido: ${link}`);
  });

  it("has no link at all without BASE_URL", () => {
    const mail = renderMail("owner-new-order", { ...owner, link: null, paymentMethod: "Pix" }, site);
    expect(mail.text).not.toContain("/conta/pedidos");
    expect(mail.html).not.toContain("/conta/pedidos");
    expect(mail.text).not.toContain("Ver o pedido");
  });

  it("tells a payment confirmed by the provider", () => {
    const mail = renderMail(
      "owner-payment-confirmed",
      { ...owner, provider: "Mercado Pago", paymentId: "1325000001" },
      site,
    );
    expect(mail.subject).toBe("Pagamento confirmado pelo Mercado Pago: pedido nº 1042 (R$ 1.316,46)");
    expect(mail.text).toContain("O Mercado Pago confirmou o pagamento 1325000001, de R$ 1.316,46, do pedido nº 1042");
  });

  it("tells a refund and a chargeback apart, and that the order's status stays", () => {
    const reversed = (reversal: "refunded" | "charged_back") =>
      renderMail(
        "owner-payment-reversed",
        {
          ...owner,
          provider: "Mercado Pago",
          paymentId: "1325000001",
          reversal,
          amountCents: 131646,
          status: "Produto enviado",
        },
        site,
      );
    const refund = reversed("refunded");
    expect(refund.subject).toBe("Estorno no pedido nº 1042: Mercado Pago");
    expect(refund.text).toContain("o pagamento 1325000001, de R$ 1.316,46, do pedido nº 1042");
    expect(refund.text).toContain("foi estornado");
    expect(refund.text).toContain("O pedido continua como “Produto enviado”");
    const chargeback = reversed("charged_back");
    expect(chargeback.subject).toBe("Contestação (chargeback) no pedido nº 1042: Mercado Pago");
    expect(chargeback.text).toContain("foi contestado junto ao cartão (chargeback)");
  });

  it("escapes what the customer typed", () => {
    const hostile = { ...owner, order: { ...order, customerName: HOSTILE }, customerPhone: "" };
    const mail = renderMail("owner-new-order", { ...hostile, paymentMethod: "Pix" }, site);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain(`${HOSTILE} (joana@example.com) fez o pedido`);
  });

  it("tells the customer her nota fiscal was authorised, with its key and our copies of its files", () => {
    const mail = renderMail(
      "fiscal-note-issued",
      {
        customerName: HOSTILE,
        orderNumber: 1042,
        noteNumber: "17",
        series: "1",
        accessKey: "26261211222333000181550010000000171000000171",
        danfeUrl: "https://coop.example.com/api/fiscal/notes/3/files/danfe",
        xmlUrl: "https://coop.example.com/api/fiscal/notes/3/files/xml",
        orderUrl: "https://coop.example.com/conta/pedidos/7",
      },
      site,
    );
    expect(mail.subject).toBe("Nota fiscal emitida: pedido 1042");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Nota fiscal nº 17, série 1.");
      expect(body).toContain("26261211222333000181550010000000171000000171");
      expect(body).toContain("https://coop.example.com/api/fiscal/notes/3/files/danfe");
      expect(body).toContain("https://coop.example.com/api/fiscal/notes/3/files/xml");
    }
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("tells the shop SEFAZ rejected a note, with its code, and that the order stays as it is", () => {
    const mail = renderMail(
      "owner-fiscal-note-failed",
      {
        orderNumber: 1042,
        outcome: "rejected",
        sefazStatus: "225",
        sefazMessage: "Rejeição: Falha no Schema XML do lote de NFe",
        link: "https://coop.example.com/conta/pedidos/7",
      },
      site,
    );
    expect(mail.subject).toBe("Nota fiscal rejeitada: pedido 1042");
    expect(mail.text).toContain("O pedido e o pagamento continuam como estão");
    expect(mail.text).toContain("225: Rejeição: Falha no Schema XML do lote de NFe");
    expect(mail.text).toContain("https://coop.example.com/conta/pedidos/7");
    const denied = renderMail(
      "owner-fiscal-note-failed",
      { orderNumber: 1042, outcome: "denied", sefazStatus: "302", sefazMessage: "Uso Denegado", link: null },
      site,
    );
    expect(denied.subject).toBe("Nota fiscal denegada: pedido 1042");
    expect(denied.text).not.toContain("Abra o pedido");
  });
  it("welcomes an approved member with her number and first due, and tells a refused one the reason", () => {
    const approved = renderMail(
      "member-approved",
      {
        name: HOSTILE,
        number: 42,
        planName: "Mensal",
        firstDueCents: 4990,
        firstDueOn: "2026-12-04",
        accountUrl: "https://coop.example.com/conta/minha-associacao",
      },
      site,
    );
    expect(approved.subject).toBe("Proposta aprovada: associado nº 42");
    for (const body of [approved.text, approved.html]) {
      expect(body).toContain("Seu número de associado é 42, no plano Mensal.");
      expect(body).toContain("R$ 49,90");
      expect(body).toContain("04/12/2026");
      expect(body).toContain("https://coop.example.com/conta/minha-associacao");
    }
    expect(approved.html).not.toContain("<script>");
    const withoutAddress = renderMail(
      "member-approved",
      { name: "Ana", number: 1, planName: "Anual", firstDueCents: 1, firstDueOn: "2027-01-31", accountUrl: null },
      site,
    );
    expect(withoutAddress.text).toContain("Crie uma conta no site com este e-mail");
    const refused = renderMail("member-refused", { name: "Ana", reason: "Fora da região atendida." }, site);
    expect(refused.subject).toBe("Proposta de associação não aprovada");
    expect(refused.text).toContain("Motivo: Fora da região atendida.");
    expect(renderMail("member-refused", { name: "Ana", reason: "" }, site).text).not.toContain("Motivo");
  });
});
