import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { type Cart, cartCookieValue } from "../../common/cart.ts";
import { LONG_TITLE, type PageRole, type Seeded, statePath, writeSeeded } from "./every-page.ts";
import { type Account, expect, jsonOf, login, SAO_PAULO_RATE, siteUrl, test, uniqueId } from "./fixtures.ts";

/**
 * Seeds what every-page.spec.ts visits, with the texts that used to push phones sideways: the long
 * site title, long product and content names, long addresses and words in a text, a large image, on the
 * every-page site, which no other spec shares (playwright.config.ts), so the header's title can stay long.
 */

type Created = { id: number; url: string };
type Product = Created & { variants: { id: number; options: string[] }[] };
type Settings = { title: string; features: Record<string, { enabled: boolean }> } & Record<string, unknown>;

const id = uniqueId();
const LONG_ADDRESS = `https://www.cooperativa-jequitinhonha.example.org.br/documentos/relatorio-anual-de-atividades-${id}.pdf`;
/** Rich text as the editor writes it: a long address as a link and as text, long words, a large image. */
const richText = (image: string) =>
  `<h2>Relatório anual de atividades socioambientais e econômicas ${id}</h2>` +
  `<p>Relatório completo em <a href="${LONG_ADDRESS}">${LONG_ADDRESS}</a>, com os números de cada município` +
  ` (também em ${LONG_ADDRESS}).</p>` +
  "<ol><li>Beneficiamento de frutos nativos: pequi, buriti, cagaita e mangaba, desidratados e em polpa.</li></ol>" +
  `<p><img src="${image}" alt="Cooperadas na unidade de beneficiamento" width="1200" height="800"></p>`;
const PRODUCT_NAME = `Geleia superextraordinariamenteartesanal de jabuticaba com pimenta-de-cheiro orgânica da agricultura familiar do Vale do Jequitinhonha, pote de vidro reciclado de 320 g ${id}`;

async function image(api: APIRequestContext): Promise<{ url: string; thumb: string }> {
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2f6b3a" } })
    .png()
    .toBuffer();
  return jsonOf(
    await api.post("/api/uploads/images", { multipart: { file: { name: "foto.png", mimeType: "image/png", buffer } } }),
    201,
  );
}

async function create<T extends Created>(api: APIRequestContext, path: string, data: object): Promise<T> {
  return jsonOf<T>(await api.post(path, { data }), 201);
}

/**
 * Every feature on (the members' "Associe-se" among them), the long title, the shop selling by Pix with São
 * Paulo's table rate (its key also gives the members' dues their Pix code), and notas fiscais on (issued by
 * the order's button: no provider is reached), so the order page shows its Nota fiscal section.
 */
async function configure(api: APIRequestContext): Promise<void> {
  const settings = await jsonOf<Settings>(await api.get("/api/settings"));
  for (const feature of Object.values(settings.features)) feature.enabled = true;
  await jsonOf(await api.post("/api/settings", { data: { ...settings, title: LONG_TITLE } }));
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: "Cooperativa Agroextrativista do Vale do Jequitinhonha Ltda",
        uf: "SP",
        city: "São Paulo",
        origin_postal_code: "01001-000",
        shipping: {
          table_rates: [SAO_PAULO_RATE],
          pickup: { enabled: true, address: "Rua da Cooperativa, 100, Centro, Araçuaí - MG", delivery_days: 1 },
        },
        payments: {
          provider: "pix",
          pix: { key: "pix@cooperativa-e2e.com.br", receiver_name: "Cooperativa E2E", receiver_city: "São Paulo" },
        },
      },
    }),
  );
  await jsonOf(
    await api.put("/api/fiscal/settings", {
      data: {
        enabled: true,
        environment: "homologacao",
        homologation_token: "token-de-homologacao-e2e",
        cnpj: "11.222.333/0001-81",
        state_registration: "ISENTO",
        uf: "SP",
        regime: "simples",
        series: 1,
        operation_nature: "Venda de mercadoria",
        issue_mode: "manual",
        defaults: { ncm: "0901.11.10", origin: 0, tax_situation: "102", unit: "UN", gtin: "SEM GTIN" },
      },
    }),
  );
}

/** A contact message to open; the form's per-address limit may already be reached by other specs' messages. */
async function contactId(api: APIRequestContext, visitor: APIRequestContext): Promise<number> {
  await visitor.post("/api/contacts/contact", {
    data: {
      name: "Maria das Graças Nascimento",
      email: `maria-${id}@example.com`,
      message: `Gostaria de saber mais sobre o relatório publicado em ${LONG_ADDRESS}.`,
    },
  });
  const list = await jsonOf<{ data: { id: number }[] }>(await api.get("/api/contacts"));
  const first = list.data[0];
  if (!first) throw new Error("no contact message to open");
  return first.id;
}

/** Two jars of each of the first two variants, with São Paulo's table rate chosen. */
async function cartOf(visitor: APIRequestContext, product: Product): Promise<Cart> {
  const items = product.variants.slice(0, 2).map((variant) => ({
    product_id: product.id,
    variant_id: variant.id,
    quantity: 2,
  }));
  const quote = await jsonOf<{ options: { code: string; provider: string }[] }>(
    await visitor.post("/api/shop/shipping/quote", { data: { postal_code: "01310-100", items } }),
  );
  const shipping = quote.options.find((option) => option.provider === "table");
  if (!shipping) throw new Error(`no table rate in ${JSON.stringify(quote)}`);
  return { items, shipping: shipping.code, postal_code: "01310100", coupon: null };
}

/**
 * The customer's order, placed as the checkout page places it, with the cart in its cookie. She signs in
 * from a context of her own: the session cookie it keeps would replace the cookie header given here.
 */
async function placeOrder(visitor: APIRequestContext, newContext: NewContext, customer: Account, cart: Cart) {
  const signIn = await newContext();
  const { token } = await jsonOf<{ token: string }>(
    await signIn.post("/api/auth/login", { data: { email: customer.email, password: customer.password } }),
  );
  await signIn.dispose();
  const headers = { Authorization: `Token ${token}` };
  const placed = await jsonOf<{ order: { id: number } }>(
    await visitor.post("/api/shop/checkout", {
      headers: { ...headers, cookie: `cms_cart=${cartCookieValue(cart)}` },
      data: {
        name: customer.name,
        tax_id: "529.982.247-25",
        phone: "(11) 98765-4321",
        postal_code: "01310-100",
        uf: "SP",
        city: "São Paulo",
        street: "Avenida Brigadeiro Faria Lima",
        number: "1000",
        neighborhood: "Jardim Paulistano",
        complement: "Conjunto 1201, bloco B, fundos",
        shipping: cart.shipping,
        idempotency_key: randomUUID(),
      },
    }),
    201,
  );
  return placed.order.id;
}

type NewContext = () => Promise<APIRequestContext>;

/** The API signed in as `account`, from a context of its own (its session cookie stays there). */
async function signedIn(newContext: NewContext, account: Account) {
  const context = await newContext();
  const { token } = await jsonOf<{ token: string }>(
    await context.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
  return { context, headers: { Authorization: `Token ${token}` } };
}

/**
 * The customer's membership, on a plan of a long name: her proposal through "Associe-se" from her account
 * (linked to it), with long name and address, approved by an administrator, so she has a number, a card and
 * her first due open, with its Pix code.
 */
async function membership(api: APIRequestContext, newContext: NewContext, customer: Account) {
  const plan = await jsonOf<{ id: number }>(
    await api.post("/api/members/plans", {
      data: {
        name: `Contribuição mensal das cooperadas do Vale do Jequitinhonha ${id}`,
        amount_cents: 3500,
        cycle: "mensal",
        due_day: 10,
        grace_days: 5,
        suspend_after: 3,
        active: true,
      },
    }),
    201,
  );
  const member = await signedIn(newContext, customer);
  await jsonOf(
    await member.context.post("/api/members/applications", {
      headers: member.headers,
      data: {
        kind: "pessoa",
        name: "Maria das Graças Nascimento de Oliveira Bernardes dos Santos Figueiredo Albuquerque",
        tax_id: "529.982.247-25",
        email: customer.email,
        phone: "(33) 98765-4321",
        address: {
          postal_code: "39600-000",
          uf: "MG",
          city: "Araçuaí",
          street: "Rua Professor Antônio Ferreira Leite, Bairro Esplanada, próximo ao Centro Comunitário",
          number: "1234",
          neighborhood: "Esplanada",
          complement: "Casa dos fundos, portão verde",
        },
        born_on: "1975-08-15",
        plan_id: plan.id,
        consent: true,
      },
    }),
    201,
  );
  const found = await jsonOf<{ data: { id: number }[] }>(
    await api.get(`/api/members?q=${encodeURIComponent(customer.email)}`),
  );
  const memberId = found.data[0]?.id;
  if (memberId === undefined) throw new Error(`no proposal from ${customer.email}`);
  await jsonOf(await api.post(`/api/members/${memberId}/status`, { data: { status: "ativo", reason: "Aprovada." } }));
  const mine = await jsonOf<{ membership: { verification_path: string } | null }>(
    await member.context.get("/api/members/me", { headers: member.headers }),
  );
  await member.context.dispose();
  if (!mine.membership) throw new Error(`${customer.email}'s account is not linked to her membership`);
  return { memberId, memberPlanId: plan.id, verificationPath: mine.membership.verification_path };
}

/**
 * The WooCommerce and The Events Calendar export imported through the REST API without its files, run to
 * its end: its page has the counts' five columns and what was not imported, with the reasons.
 */
async function wordpressImport(api: APIRequestContext): Promise<number> {
  const buffer = await readFile(path.join(import.meta.dirname, "../fixtures/wordpress/plugins.xml"));
  const { id } = await jsonOf<{ id: number }>(
    await api.post("/api/wordpress-imports", {
      multipart: { export: { name: "plugins.xml", mimeType: "text/xml", buffer }, files: "none" },
    }),
    201,
  );
  await jsonOf(await api.post(`/api/wordpress-imports/${id}/start`), 202);
  const statusOf = async () => (await jsonOf<{ status: string }>(await api.get(`/api/wordpress-imports/${id}`))).status;
  await expect.poll(statusOf, { timeout: 60_000 }).toBe("done");
  return id;
}

test("seed the pages every-page.spec.ts visits", async ({ api, browser, playwright, createUser }) => {
  await configure(api);
  const cover = await image(api);
  const content = richText(cover.url);
  const page = await create<Created>(api, "/api/pages", {
    title: `Quem somos: a história das cooperadas do Vale do Jequitinhonha ${id}`,
    slug: `quem-somos-${id}`,
    summary: "Nossa história, contada pelas cooperadas.",
    content,
    cover: cover.url,
    tags: ["agricultura familiar", "agroextrativismo"],
    status: "published",
  });
  const post = await create<Created>(api, "/api/posts", {
    title: `Cooperadas do Vale do Jequitinhonha inauguram a nova unidade de beneficiamento de frutos do cerrado ${id}`,
    slug: `nova-unidade-${id}`,
    summary: "A nova unidade processa até duas toneladas de frutos por dia.",
    content,
    cover: cover.url,
    tags: ["beneficiamento", "frutos do cerrado"],
    status: "published",
  });
  const start = Date.now() + 7 * 24 * 60 * 60 * 1000;
  const event = await create<Created>(api, "/api/events", {
    title: `Encontro regional de agroextrativistas e artesãs do Vale do Jequitinhonha e Mucuri ${id}`,
    slug: `encontro-regional-${id}`,
    content,
    cover: cover.url,
    start_at: new Date(start).toISOString(),
    end_at: new Date(start + 26 * 60 * 60 * 1000).toISOString(),
    place_name: "Centro Comunitário Dona Zefinha",
    place_address: "Rua Professor Antônio Ferreira Leite, 1234, Bairro Esplanada, Araçuaí - MG",
    online_url: LONG_ADDRESS,
    status: "published",
  });
  const media = await create<Created>(api, "/api/medias", {
    title: `Manual de boas práticas de manejo sustentável de frutos nativos do cerrado e da caatinga ${id}`,
    type: "book",
    authors: ["Nascimento, Maria das Graças", "Oliveira, Joaquim Bernardes de"],
    publisher: "Editora da Cooperativa",
    city: "Araçuaí",
    publication_date: "2025",
    url: LONG_ADDRESS,
    doi: `10.1590/S0103-20032019000100001-${id}`,
    tags: ["manejo sustentável", "cerrado"],
    description: `Manual completo, com fotografias e tabelas, em ${LONG_ADDRESS}.`,
    status: "published",
  });
  const product = await create<Product>(api, "/api/products", {
    name: PRODUCT_NAME,
    status: "published",
    summary: "Geleia feita em pequenos lotes, sem conservantes, com frutas colhidas pelas cooperadas.",
    content,
    images: [{ ...cover, alt: "Pote de geleia de jabuticaba" }],
    tags: ["alimentos", "geleias artesanais"],
    options: [
      { name: "Tamanho do pote", values: ["Pequeno (180 g)", "Grande (320 g)"] },
      { name: "Pimenta", values: ["Sem pimenta", "Com pimenta-de-cheiro"] },
    ],
    variants: [
      { options: ["Pequeno (180 g)", "Sem pimenta"], price_cents: 1890, stock: 50 },
      { options: ["Pequeno (180 g)", "Com pimenta-de-cheiro"], price_cents: 1990, stock: 50 },
      { options: ["Grande (320 g)", "Sem pimenta"], price_cents: 2890, compare_at_cents: 3290, stock: 50 },
      { options: ["Grande (320 g)", "Com pimenta-de-cheiro"], price_cents: 2990, stock: 0 },
    ],
    weight_grams: 450,
  });
  const menu = await create<Created>(api, "/api/menus", { name: `Quem somos ${id}`, url: page.url });
  // An old permalink as long as WordPress writes them, with a query.
  const redirect = await jsonOf<{ id: number }>(
    await api.post("/api/redirects", {
      data: {
        from: `/2019/05/12/cooperadas-do-vale-do-jequitinhonha-inauguram-a-nova-unidade-de-beneficiamento-${id}/?utm_source=whatsapp`,
        to: post.url,
      },
    }),
    201,
  );
  // A code as long as codes go, limited to the product and a tag, with every condition filled in.
  const coupon = await jsonOf<{ id: number }>(
    await api.post("/api/coupons", {
      data: {
        code: `JEQUITINHONHA-${id}`,
        kind: "fixed",
        amount_cents: 1500,
        min_subtotal_cents: 10000,
        valid_from: "2026-01-01",
        valid_until: "2199-12-31",
        max_uses: 500,
        max_uses_per_customer: 1,
        product_ids: [product.id],
        tags: ["geleias artesanais"],
        description: "Campanha da feira de produtos da agricultura familiar do Vale do Jequitinhonha.",
      },
    }),
    201,
  );

  const newContext = () => playwright.request.newContext({ baseURL: siteUrl() });
  const visitor = await newContext();
  const cart = await cartOf(visitor, product);
  const customer = await createUser("user");
  const seeded: Seeded = {
    pagePath: page.url,
    postPath: post.url,
    eventPath: event.url,
    mediaId: media.id,
    productPath: product.url,
    productId: product.id,
    pageId: page.id,
    postId: post.id,
    eventId: event.id,
    menuId: menu.id,
    redirectId: redirect.id,
    couponId: coupon.id,
    wordpressImportId: await wordpressImport(api),
    contactId: await contactId(api, visitor),
    customerId: customer.id,
    orderId: await placeOrder(visitor, newContext, customer, cart),
    ...(await membership(api, newContext, customer)),
  };
  // A second order, paid, puts the product among /conta/shop's best sellers.
  const paid = await placeOrder(visitor, newContext, customer, cart);
  await jsonOf(await api.post(`/api/orders/${paid}/status`, { data: { status: "paid" } }));
  await visitor.dispose();
  writeSeeded(seeded);

  // Each role's browser has the same cart, so that the header shows a count.
  const accounts: Record<PageRole, Account | null> = {
    visitor: null,
    customer,
    admin: await createUser("admin"),
    super: await createUser("super"),
  };
  for (const [role, account] of Object.entries(accounts) as [PageRole, Account | null][]) {
    const context = await browser.newContext({ baseURL: siteUrl() });
    await context.addCookies([{ name: "cms_cart", value: cartCookieValue(cart), url: siteUrl() }]);
    if (account) await login(await context.newPage(), account.email, account.password);
    await context.storageState({ path: statePath(role) });
    await context.close();
  }
});
