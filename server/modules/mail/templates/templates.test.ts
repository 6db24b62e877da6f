import { describe, expect, it } from "vitest";
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
  totalCents: 131646,
  shippingName: "Entrega padrão",
  deliveryDays: 3,
  address: "Rua das Flores, 10\nCentro, Campinas - SP\n13010-000",
};

const HOSTILE = `<script>alert("x")</script> & 'aspas'`;

describe("the e-mail templates", () => {
  it("tells an order received with the Pix code, the items and the totals in reais", () => {
    const mail = renderMail(
      "order-received",
      { order, payment: { kind: "pix", copyPaste: "00020126PIX6304ABCD" } },
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
      expect(body).toContain("https://coop.example.com/conta/pedidos/7");
      expect(body).toContain("Cooperativa Vale Verde");
    }
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain("border-top:6px solid #523d38");
    expect(mail.html).toContain("Rua das Flores, 10<br>Centro, Campinas - SP");
    expect(mail.text).toContain("- Café torrado (500 g): 2 × R$ 34,50 = R$ 69,00");
  });

  it("explains each way of paying, or none", () => {
    const link = renderMail(
      "order-received",
      { order, payment: { kind: "link", url: "https://pay.example.com/p/1" } },
      site,
    );
    expect(link.html).toContain('href="https://pay.example.com/p/1"');
    expect(link.text).toContain("Pagar agora: https://pay.example.com/p/1");
    const manual = renderMail(
      "order-received",
      { order, payment: { kind: "manual", instructions: "Transferência para\nBanco 001, ag. 1234" } },
      site,
    );
    expect(manual.html).toContain("Transferência para<br>Banco 001, ag. 1234");
    expect(manual.text).toContain("Como pagar\nValor: R$ 1.316,46\n\nTransferência para\nBanco 001, ag. 1234");
    const none = renderMail("order-received", { order, payment: { kind: "none" } }, site);
    expect(none.text).not.toContain("Pague");
    expect(none.text).not.toContain("Como pagar");
  });

  it("makes every order step's e-mail in pt-BR", () => {
    expect(renderMail("order-paid", { order }, site).subject).toBe("Pagamento confirmado: pedido nº 1042");
    const sent = renderMail("order-sent", { order, trackingCode: "AA123456789BR" }, site);
    expect(sent.subject).toBe("Pedido nº 1042 enviado");
    expect(sent.text).toContain("código de rastreamento:\nAA123456789BR");
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
      renderMail("order-received", { order: hostileOrder, payment: { kind: "manual", instructions: HOSTILE } }, site),
      renderMail("order-canceled", { order: hostileOrder, reason: HOSTILE }, site),
      renderMail("order-sent", { order: hostileOrder, trackingCode: HOSTILE }, site),
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
