import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultFeatures } from "../../common/features.ts";
import { MAX_IMPORT_BYTES } from "../../common/schemas/media.ts";
import { MAX_MEMBER_IMPORT_CHARS } from "../../common/schemas/members.ts";
import { WORDPRESS_UPLOAD_MAX_BYTES } from "../../common/schemas/wordpress-import.ts";
import { startFakeFocusNfe } from "../../tests/support/fake-focus-nfe.ts";
import { recifeFiscalSettings } from "../../tests/support/fiscal-fixture.ts";
import {
  cartLine,
  createProduct,
  PAULISTA_ADDRESS,
  placeOrder,
  RECIFE_SHOP_SETTINGS,
  SAO_PAULO_TABLE_RATE,
  saveShopSettings,
  switchShopFeature,
} from "../../tests/support/shop-fixture.ts";
import { cpfOf } from "../../tests/support/tax-ids.ts";
import { type ApiResponse, SUPER, type TestApp } from "../../tests/support/test-app.ts";
import { withFakeServer, withTestApp } from "../../tests/support/with-test-app.ts";
import { PICKUP_CODE } from "../modules/shop/shipping/pickup.ts";
import { WXR_MAX_DEPTH } from "../modules/wordpress/wxr-reader.ts";

/*
 * Every write endpoint of the API against hostile values: each must be refused with a 4xx and a
 * pt-BR message, without a 500 and without touching its table. A new endpoint is one line in
 * `endpoints`; the mutations are derived from its valid body.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Body = { [key: string]: Json };
type Role = "anonymous" | "user" | "admin" | "super";
type Fixture =
  | "page"
  | "post"
  | "event"
  | "media"
  | "menu"
  | "menuParent"
  | "menuChild"
  | "contact"
  | "redirect"
  | "coupon"
  | "user"
  | "product"
  | "variant"
  | "order"
  | "orderToShip"
  | "plan"
  | "member"
  | "paidMember"
  | "paidDue"
  | "waivedMember"
  | "waivedDue";

type Endpoint = {
  method: "POST" | "PUT";
  /** `{fixture}` is replaced by that fixture's id. */
  path: string;
  /** The table the endpoint writes to: it must be unchanged after a refusal. */
  table: string;
  as: Role;
  body: () => Body;
  /** Free-text fields that must take any script (accents, CJK, emoji) and store it as sent. */
  text?: string[];
  /** Fields allowed longer than the default too-long value. */
  maxLength?: Record<string, number>;
  /** Runs on a site that was never set up. */
  fresh?: boolean;
  /** Request headers beyond the token, such as the cart's cookie. */
  headers?: () => Record<string, string>;
  /** Values of a field to refuse beyond those derived from its type: a wrong shape that is of the right type. */
  hostile?: Record<string, Json[]>;
};

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

const bibtex = () =>
  `@book{chave${unique()},\n  title = {Manual de cooperativas ${unique()}},\n  author = {Lima, Rui},\n  year = {2020}\n}\n`;
const documents = () => [
  { url: "/files/documents/estatuto.pdf", name: "Estatuto", size: 1200, mime_type: "application/pdf" },
];
const content = () => ({
  title: "Conteúdo",
  summary: "Resumo",
  content: "<p>Texto</p>",
  cover: "/files/images/capa.webp",
  cover_alt: "A capa",
  documents: documents(),
  tags: ["feira"],
  status: "published",
});
const post = () => ({ ...content(), published_at: "2024-05-10T12:00:00Z" });
const event = () => ({
  ...content(),
  start_at: "2030-03-11T12:00:00Z",
  end_at: "2030-03-11T15:00:00Z",
  place_name: "Sede",
  place_address: "Rua das Flores, 10",
  online_url: "https://meet.example.com/sala",
});
const media = () => ({
  title: "Manual",
  type: "book",
  authors: ["Lima, Rui"],
  description: "Sobre cooperativas",
  publication_date: "2020-05-12",
  publisher: "Editora",
  url: "https://example.com/manual",
  cover: "/files/images/manual.webp",
  documents: documents(),
  embed_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  tags: ["gestão"],
  status: "published",
});
const settings = () => ({
  title: "Cooperativa",
  description: "Descrição",
  font: "Montserrat",
  primary_color: "#523d38",
  secondary_color: "#e1846d",
  site_logo: "/files/images/logo.png",
  site_cover: "https://cdn.example.com/capa.jpg",
  site_favicon: null,
  site_footer_logo: 0,
  contact: "Rua A, 1",
  email: "contato@example.com",
  url_facebook: "https://facebook.com/coop",
  url_instagram: "",
  url_twitter: "",
  url_youtube: "",
  gtag: "",
  home_page_id: null,
  // The shop stays open, so that its endpoints below answer their own refusals, not the closed shop's 404.
  features: {
    ...defaultFeatures,
    shop: { ...defaultFeatures.shop, enabled: true },
    members: { ...defaultFeatures.members, enabled: true },
  },
});
/** A super user's save: the security settings too. */
const securitySettings = () => ({ ...settings(), require_two_factor: false, audit_retention_days: 730 });
const CONTENT_TEXT = ["title", "summary", "content", "cover_alt", "tags.0", "documents.0.name"];

const setup = () => ({
  title: "Cooperativa",
  admin_name: "Ana",
  email: "ana@example.com",
  password: "segredo123",
  password_confirmation: "segredo123",
});
const login = () => ({ email: SUPER.email, password: SUPER.password });
const profile = () => ({
  name: "Pessoa",
  email: "pessoa@example.com",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
  organization: "Cooperativa",
});
/** The user fixture's e-mail changed, which takes her current password (test-app.ts's). */
const emailChange = () => ({ ...profile(), email: "pessoa.nova@example.com", current_password: "senha-forte-1" });
const registration = () => ({
  name: "Cliente",
  email: `cliente-${unique()}@example.com`,
  password: "segredo123",
  password_confirmation: "segredo123",
  tax_id: "12.ABC.345/01DE-35",
  phone: "(11) 3333-4444",
  organization: "Cooperativa",
});
/** A reset link made in beforeAll for the user fixture: only its SHA-256 is stored. */
const resetToken = randomBytes(32).toString("base64url");
const passwordReset = () => ({ token: resetToken, password: "nova-senha-1", password_confirmation: "nova-senha-1" });
/** Authenticators seeded in beforeAll: the user fixture's waits for its first code, the admin's is on. */
const USER_TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const ADMIN_TOTP = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";
const totp = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
// The disable line's code is the next step's: the recovery-codes line before it spent this step's.
const disableTwoFactor = () => ({ password: "senha-forte-1", code: totp(ADMIN_TOTP, 1) });
const newUser = () => ({
  name: "Nova pessoa",
  email: `nova-${unique()}@example.com`,
  role: "user",
  password: "Senha-forte-1234",
});
const user = () => ({ name: "Outra pessoa", email: "outra@example.com", role: "user", password: "Senha-forte-5678" });
const menu = () => ({ name: "Sobre", url: "/sobre", enabled: true, position: 3 });
const editedMenu = () => ({ name: "Blog", url: "https://blog.example.com", parent_id: null, enabled: true });
const menuOrder = () => ({ parent_id: ids.menuParent, ids: [ids.menuChild] });
const contact = () => ({ name: "Joana", email: "joana@example.com", message: "Quero saber mais.\nObrigada!" });
const contactRead = () => ({ read: true });
const redirect = () => ({ from: `/2019/05/antigo-${unique()}/?p=12`, to: "/noticias/novo?tag=colheita" });
const coupon = () => ({
  code: `cupom-${unique()}`,
  kind: "percent",
  percent: 10,
  amount_cents: null,
  min_subtotal_cents: 5000,
  valid_from: "2026-01-01",
  valid_until: "2099-12-31",
  max_uses: 100,
  max_uses_per_customer: 1,
  product_ids: [ids.product],
  tags: ["geleias"],
  active: true,
  description: "Feira de dezembro",
});
const references = () => ({ text: bibtex(), format: "bibtex" });
const EVENT_TEXT = [...CONTENT_TEXT, "place_name", "place_address"];
const MEDIA_TEXT = ["title", "authors.0", "description", "publisher", "tags.0", "documents.0.name"];
const IMPORT_LIMIT = { text: MAX_IMPORT_BYTES };
const product = () => ({
  name: "Camiseta",
  summary: "Camiseta de algodão",
  content: "<p>Texto</p>",
  status: "published",
  featured: true,
  images: [{ url: "/files/images/camiseta.webp", thumb: "/files/images/camiseta-thumb.webp", alt: "Camiseta" }],
  documents: documents(),
  tags: ["vestuário"],
  options: [{ name: "Tamanho", values: ["P", "M"] }],
  variants: [
    {
      options: ["P"],
      sku: `P-${unique()}`,
      price_cents: 4990,
      compare_at_cents: 5990,
      stock: 10,
      // Its own barcode; the rest from the product.
      fiscal: { ncm: null, origin: null, tax_situation: null, unit: null, gtin: "7891000315507" },
    },
    {
      options: ["M"],
      sku: `M-${unique()}`,
      price_cents: 5290,
      compare_at_cents: null,
      stock: 5,
      fiscal: { ncm: null, origin: null, tax_situation: null, unit: null, gtin: null },
    },
  ],
  weight_grams: 300,
  package_format: 1,
  length_cm: 20,
  height_cm: 5,
  width_cm: 15,
  diameter_cm: 0,
  fiscal: { ncm: "6109.10.00", origin: 0, tax_situation: "102", unit: "UN", gtin: "SEM GTIN" },
});
/** A product's (and a variant's) fiscal data of the right type and the wrong shape. */
const NCM_HOSTILE: Json[] = [
  "6109100A",
  "61091000\u0000",
  "6109.10.000",
  "610910",
  "abcdefgh",
  "6109-10-00",
  "１２３４５６７８",
];
const ORIGIN_HOSTILE: Json[] = [9, -1, "9", "-1", "0.5", 1e20, "99999999999999999999", "zero"];
const TAX_SITUATION_HOSTILE: Json[] = ["101", "999", "10", "1020", "4O", "CSOSN 102", "\u0000102"];
const UNIT_HOSTILE: Json[] = ["U".repeat(50), "U".repeat(7), "UN\u0000", "U N", "UN.", "€"];
const GTIN_HOSTILE: Json[] = [
  "7891000315508",
  "78910003155070",
  "789100031550",
  "SEM",
  "GTIN 7891000315507",
  "7891000315507\u0000",
];
const FISCAL_HOSTILE: Record<string, Json[]> = {
  "fiscal.ncm": NCM_HOSTILE,
  "fiscal.origin": ORIGIN_HOSTILE,
  "fiscal.tax_situation": TAX_SITUATION_HOSTILE,
  "fiscal.unit": UNIT_HOSTILE,
  "fiscal.gtin": GTIN_HOSTILE,
  "variants.0.fiscal.ncm": NCM_HOSTILE,
  "variants.0.fiscal.origin": ORIGIN_HOSTILE,
  "variants.0.fiscal.tax_situation": TAX_SITUATION_HOSTILE,
  "variants.0.fiscal.unit": UNIT_HOSTILE,
  "variants.0.fiscal.gtin": GTIN_HOSTILE,
};
/** The fixture product rewritten, its first variant kept by id: carts holding it still find it. */
const editedProduct = () => {
  const body = product();
  return {
    ...body,
    variants: body.variants.map((variant, index) => (index === 0 ? { id: ids.variant, ...variant } : variant)),
  };
};
const PRODUCT_TEXT = ["name", "summary", "content", "tags.0", "documents.0.name", "variants.0.sku"];
const cartItem = () => ({ product_id: ids.product, variant_id: ids.variant, quantity: 1 });
const shopSettings = () => ({
  legal_name: "Cooperativa Vale Verde",
  address: "Rua das Palmeiras, 45 - Centro",
  tax_id: "11.222.333/0001-81",
  city: "Campinas",
  uf: "SP",
  origin_postal_code: "13010-000",
  shipping: {
    table_rates: [SAO_PAULO_TABLE_RATE],
    pickup: { enabled: true, address: "Rua das Flores, 10", instructions: "Das 8h às 17h", delivery_days: 1 },
    free_shipping: { enabled: true, min_subtotal_cents: 20000 },
    correios: {
      enabled: false,
      environment: "production",
      user: "",
      access_code: "",
      posting_card: "",
      contract: "",
      dr: 0,
      services: [{ code: "04510", name: "PAC" }],
    },
  },
  payments: { provider: "manual", manual: { instructions: "Pague na retirada." }, pix_discount_percent: 5 },
  notifications: {
    email: "vendas@example.com",
    new_order: true,
    payment_confirmed: true,
    payment_reversed: false,
    contact_message: true,
  },
  whatsapp: "(81) 99999-8888",
});
const SHOP_TEXT = ["legal_name", "address", "city", "shipping.pickup.address", "shipping.table_rates.0.name"];
const quote = () => ({ postal_code: "01310-100", items: [cartItem()] });
/** A coupon any cart takes: the valid body of the cart's "Aplicar". */
const CART_COUPON = "FRETEGRATIS";
const cartCookie = () => ({ cookie: `cms_cart=1~~~${ids.product}.${ids.variant}.1` });
const checkout = () => ({
  ...PAULISTA_ADDRESS,
  complement: "conjunto 5",
  name: "Pessoa Cliente",
  tax_id: "529.982.247-25",
  phone: "(11) 98765-4321",
  organization: "Cooperativa",
  shipping: PICKUP_CODE,
  idempotency_key: randomUUID(),
});
const CHECKOUT_TEXT = ["street", "neighborhood", "complement", "name", "organization"];
const orderMove = () => ({ status: "paid", note: "Pagamento conferido" });
const orderSent = () => ({
  status: "sent",
  carrier: "other",
  tracking_code: "LOTE-7/B",
  tracking_url: "https://rastreio.example.com/?c=LOTE-7",
  note: "Enviado",
});

const MEMBER_TEXT = ["name", "notes", "address.street", "address.neighborhood", "address.complement"];

/** The plan the import's line names, one of its own (the plans' endpoints rename theirs). */
const IMPORT_PLAN = "Plano das importações";

const memberPlan = () => ({
  name: `Plano ${unique()}`,
  amount_cents: 4990,
  cycle: "mensal",
  due_day: 10,
  grace_days: 5,
  suspend_after: 2,
  active: true,
});

const MEMBER_IMPORT_LIMIT = { csv: MAX_MEMBER_IMPORT_CHARS };

/** One member's line under the register's export header; a repeat of it changes nothing. */
function memberImport(): Body {
  const header =
    "Número;Nome;Tipo;CPF ou CNPJ;E-mail;Telefone;CEP;UF;Cidade;Endereço;Número do endereço;Bairro;Complemento;Nascimento ou fundação;Admissão;Plano;Situação;Observações";
  const line = `;Gil Importado;Pessoa;${cpfOf(555_000_111)};gil@example.com;(11) 98765-4321;01310-100;SP;São Paulo;Avenida Paulista;1000;Bela Vista;;;;${IMPORT_PLAN};Ativo;`;
  return { csv: `${header}\r\n${line}\r\n` };
}

/** The token the members' settings save for Asaas's webhook (32 to 255 characters, as Asaas takes). */
const ASAAS_WEBHOOK_TOKEN = "token-do-webhook-dos-associados-hostil-1";

function memberSettings(): Body {
  return {
    reminders: {
      before: { enabled: true, days: [5, 1] },
      on_day: { enabled: true },
      after: { enabled: false, days: [10] },
    },
    payments: {
      provider: "asaas",
      asaas: {
        api_key: "$aact_hmlg_chave-do-teste-hostil",
        webhook_token: ASAAS_WEBHOOK_TOKEN,
        environment: "sandbox",
        billing: "pix",
      },
    },
  };
}

/** An event of Asaas's webhook as far as it is read: its id, its name and its charge's id. */
function asaasEvent(): Body {
  return { id: `evt_${unique()}`, event: "PAYMENT_RECEIVED", payment: { id: "pay_000000000001" } };
}
const asaasToken = () => ({ "asaas-access-token": ASAAS_WEBHOOK_TOKEN });

function member(): Body {
  return {
    kind: "pessoa",
    name: "Ana Souza",
    tax_id: cpfOf(100_000_000 + (Date.now() % 800_000_000) + ++serial * 7919),
    email: "ana.membro@example.com",
    phone: "(11) 98765-4321",
    address: { ...PAULISTA_ADDRESS, complement: "ap. 4" },
    born_on: "1980-05-17",
    admitted_on: "2020-03-01",
    plan_id: ids.plan,
    notes: "Fundadora",
  };
}

function application(): Body {
  const { admitted_on: _admitted, notes: _notes, ...fields } = member();
  return { ...fields, consent: true };
}

// biome-ignore format: one line per endpoint
const endpoints: Endpoint[] = [
  { method: "POST", path: "/api/settings/setup", table: "users", as: "anonymous", body: setup, text: ["title", "admin_name"], fresh: true },
  { method: "POST", path: "/api/settings", table: "settings", as: "admin", body: settings, text: ["title", "description", "contact", "features.posts.title"] },
  { method: "POST", path: "/api/settings", table: "settings", as: "super", body: securitySettings },
  { method: "POST", path: "/api/auth/login", table: "sessions", as: "anonymous", body: login },
  { method: "POST", path: "/api/auth/register", table: "users", as: "anonymous", body: registration, text: ["name", "organization"] },
  { method: "POST", path: "/api/auth/password-reset", table: "password_resets", as: "anonymous", body: () => ({ email: "pessoa@example.com" }) },
  { method: "POST", path: "/api/auth/password-reset/confirm", table: "password_resets", as: "anonymous", body: passwordReset },
  { method: "PUT", path: "/api/profile", table: "users", as: "user", body: profile, text: ["name", "organization"] },
  { method: "PUT", path: "/api/profile", table: "users", as: "user", body: emailChange },
  { method: "POST", path: "/api/users", table: "users", as: "super", body: newUser, text: ["name"] },
  { method: "PUT", path: "/api/users/{user}", table: "users", as: "super", body: user, text: ["name"] },
  { method: "POST", path: "/api/menus", table: "menus", as: "admin", body: menu, text: ["name"] },
  { method: "PUT", path: "/api/menus/{menu}", table: "menus", as: "admin", body: editedMenu, text: ["name"] },
  { method: "POST", path: "/api/menus/reorder", table: "menus", as: "admin", body: menuOrder },
  { method: "POST", path: "/api/contacts/contact", table: "contacts", as: "anonymous", body: contact, text: ["name", "message"] },
  { method: "PUT", path: "/api/contacts/{contact}", table: "contacts", as: "admin", body: contactRead },
  { method: "POST", path: "/api/redirects", table: "redirects", as: "admin", body: redirect },
  { method: "PUT", path: "/api/redirects/{redirect}", table: "redirects", as: "admin", body: redirect },
  { method: "POST", path: "/api/coupons", table: "coupons", as: "admin", body: coupon, text: ["description", "tags.0"] },
  { method: "PUT", path: "/api/coupons/{coupon}", table: "coupons", as: "admin", body: coupon, text: ["description", "tags.0"] },
  { method: "POST", path: "/api/pages", table: "pages", as: "admin", body: content, text: CONTENT_TEXT },
  { method: "PUT", path: "/api/pages/{page}", table: "pages", as: "admin", body: content, text: CONTENT_TEXT },
  { method: "POST", path: "/api/posts", table: "posts", as: "admin", body: post, text: CONTENT_TEXT },
  { method: "PUT", path: "/api/posts/{post}", table: "posts", as: "admin", body: post, text: CONTENT_TEXT },
  { method: "POST", path: "/api/events", table: "events", as: "admin", body: event, text: EVENT_TEXT },
  { method: "PUT", path: "/api/events/{event}", table: "events", as: "admin", body: event, text: EVENT_TEXT },
  { method: "POST", path: "/api/medias", table: "medias", as: "admin", body: media, text: MEDIA_TEXT },
  { method: "PUT", path: "/api/medias/{media}", table: "medias", as: "admin", body: media, text: MEDIA_TEXT },
  { method: "POST", path: "/api/medias/import/preview", table: "media_imports", as: "admin", body: references, maxLength: IMPORT_LIMIT },
  { method: "POST", path: "/api/medias/import", table: "medias", as: "admin", body: references, maxLength: IMPORT_LIMIT },
  { method: "POST", path: "/api/products", table: "product_variants", as: "admin", body: product, text: PRODUCT_TEXT, hostile: FISCAL_HOSTILE },
  { method: "POST", path: "/api/shop/cart/items", table: "product_variants", as: "anonymous", body: cartItem },
  { method: "PUT", path: "/api/shop/cart/items", table: "product_variants", as: "user", body: cartItem },
  { method: "PUT", path: "/api/shop/cart/postal-code", table: "product_variants", as: "anonymous", body: () => ({ postal_code: "01310-100" }) },
  { method: "PUT", path: "/api/shop/cart/shipping", table: "product_variants", as: "anonymous", body: () => ({ shipping: "table:0" }) },
  { method: "POST", path: "/api/shop/cart/coupon", table: "coupons", as: "anonymous", body: () => ({ code: CART_COUPON }), headers: cartCookie },
  { method: "POST", path: "/api/shop/shipping/quote", table: "shop_settings", as: "anonymous", body: quote },
  { method: "PUT", path: "/api/shop/settings", table: "shop_settings", as: "admin", body: shopSettings, text: SHOP_TEXT },
  { method: "PUT", path: "/api/fiscal/settings", table: "fiscal_settings", as: "admin", body: fiscalSettings, text: ["operation_nature"] },
  { method: "POST", path: "/api/shop/checkout", table: "orders", as: "user", body: checkout, text: CHECKOUT_TEXT, headers: cartCookie },
  { method: "POST", path: "/api/orders/{order}/status", table: "order_events", as: "admin", body: orderMove, text: ["note"] },
  { method: "POST", path: "/api/orders/{orderToShip}/status", table: "orders", as: "admin", body: orderSent },
  { method: "PUT", path: "/api/orders/{order}/address", table: "orders", as: "admin", body: orderAddress, text: ["street", "neighborhood", "complement"] },
  { method: "PUT", path: "/api/products/{product}", table: "product_variants", as: "admin", body: editedProduct, text: PRODUCT_TEXT, hostile: FISCAL_HOSTILE },
  { method: "PUT", path: "/api/members/settings", table: "member_settings", as: "admin", body: memberSettings },
  { method: "POST", path: "/api/members/plans", table: "member_plans", as: "admin", body: memberPlan, text: ["name"] },
  { method: "PUT", path: "/api/members/plans/{plan}", table: "member_plans", as: "admin", body: memberPlan, text: ["name"] },
  { method: "POST", path: "/api/members", table: "members", as: "admin", body: member, text: MEMBER_TEXT },
  { method: "PUT", path: "/api/members/{member}", table: "members", as: "admin", body: member, text: MEMBER_TEXT },
  { method: "POST", path: "/api/members/import/preview", table: "members", as: "admin", body: memberImport, maxLength: MEMBER_IMPORT_LIMIT },
  { method: "POST", path: "/api/members/import", table: "members", as: "admin", body: memberImport, maxLength: MEMBER_IMPORT_LIMIT },
  { method: "POST", path: "/api/members/applications", table: "members", as: "anonymous", body: application, text: ["name", "address.street"] },
  { method: "POST", path: "/api/members/{member}/status", table: "member_status_changes", as: "admin", body: () => ({ status: "suspenso", reason: "Pedido da diretoria" }), text: ["reason"] },
  { method: "POST", path: "/api/members/{paidMember}/dues/{paidDue}/payment", table: "member_dues", as: "admin", body: () => ({ paid_on: "2026-12-04", note: "Pix" }), text: ["note"] },
  { method: "POST", path: "/api/members/{waivedMember}/dues/{waivedDue}/waiver", table: "member_dues", as: "admin", body: () => ({ reason: "Isenção" }), text: ["reason"] },
  { method: "POST", path: "/api/members/asaas/webhook", table: "member_asaas_events", as: "anonymous", body: asaasEvent, headers: asaasToken },
  { method: "POST", path: "/api/profile/two-factor/confirm", table: "two_factor_secrets", as: "user", body: () => ({ password: "senha-forte-1", code: totp(USER_TOTP) }) },
  { method: "POST", path: "/api/profile/two-factor/recovery-codes", table: "recovery_codes", as: "admin", body: () => ({ code: totp(ADMIN_TOTP) }) },
  { method: "POST", path: "/api/profile/two-factor/disable", table: "two_factor_secrets", as: "admin", body: disableTwoFactor },
];

/** An order's delivery address as an administrator corrects it: the neighbourhood a nota fiscal needs. */
function orderAddress(): Body {
  return { ...PAULISTA_ADDRESS, complement: "sala 4" };
}

/** The shop's fiscal settings, switched off (no token needed). */
function fiscalSettings(): Body {
  return recifeFiscalSettings();
}

/** Longer than any text field but the import's file. */
const TOO_LONG = 300_001;

type Mutation = { name: string; apply(body: Body): unknown };

type Leaf = { path: string[]; value: Json };

function leavesOf(value: Json, path: string[] = []): Leaf[] {
  if (Array.isArray(value))
    return [{ path, value }, ...value.flatMap((item, index) => leavesOf(item, [...path, String(index)]))];
  if (value !== null && typeof value === "object") {
    const own = Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
    return path.length === 0 ? own : [{ path, value }, ...own];
  }
  return [{ path, value }];
}

function withValue(body: Body, path: string[], value: Json): Body {
  const copy = structuredClone(body);
  let target: Json = copy;
  for (const key of path.slice(0, -1)) target = (target as Record<string, Json>)[key] as Json;
  (target as Record<string, Json>)[path.at(-1) as string] = value;
  return copy;
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}T/.test(value);
const isAddress = (value: string) => /^(https?:\/\/|\/)/.test(value);

const HOSTILE_DATES = [
  "+275760-09-13T00:00:00Z",
  "99999-12-31",
  "0001-01-01T00:00:00Z",
  "1899-12-31T12:00:00Z",
  "2201-01-01T00:00:00Z",
];
const HOSTILE_ADDRESSES = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(document.cookie)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
  "https://exa mple.com/",
];
const HOSTILE_NUMBERS = [1e12, 1e20, -1, 1.5];

/** The refusals a valid body can be turned into, field by field, plus whole-body ones. */
function mutationsOf(endpoint: Endpoint): Mutation[] {
  const mutations: Mutation[] = [
    { name: "an empty object", apply: () => ({}) },
    { name: "an array instead of an object", apply: (body) => [body] },
    { name: "null", apply: () => null },
    { name: "a bare string", apply: () => "texto" },
    { name: "broken JSON", apply: () => "{ nao é json" },
    { name: "no body", apply: () => "" },
  ];
  for (const { path, value } of leavesOf(endpoint.body())) {
    const field = path.join(".");
    const set = (name: string, replacement: Json) =>
      mutations.push({ name: `${field}: ${name}`, apply: (body) => withValue(body, path, replacement) });
    set("of the wrong type", value !== null && typeof value === "object" ? "texto" : { $ne: null });
    if (typeof value === "string") {
      set("with a NUL", `${value.slice(0, 1)}\u0000${value.slice(1)}`);
      set("with a control character", `${value}\u001b[31m`);
      set("too long", "a".repeat((endpoint.maxLength?.[field] ?? TOO_LONG - 1) + 1));
      if (isDate(value)) for (const date of HOSTILE_DATES) set(`date ${date}`, date);
      if (isAddress(value)) for (const address of HOSTILE_ADDRESSES) set(`address ${JSON.stringify(address)}`, address);
    }
    if (typeof value === "number" || (value === null && field.endsWith("_id"))) {
      for (const number of HOSTILE_NUMBERS) set(`number ${number}`, number);
    }
    for (const hostile of endpoint.hostile?.[field] ?? []) set(`value ${JSON.stringify(hostile)}`, hostile);
  }
  const missing = Object.keys(endpoint.hostile ?? {}).filter(
    (field) => !leavesOf(endpoint.body()).some((leaf) => leaf.path.join(".") === field),
  );
  if (missing.length > 0) throw new Error(`hostile values for fields the body lacks: ${missing.join(", ")}`);
  return mutations;
}

const ENGLISH =
  /\b(invalid|expected|required|received|must|should|too (big|small)|unexpected|error|failed|query|params)\b/i;
const PORTUGUESE =
  /[áéíóúâêôãõçÁÉÍÓÚÇ]|\b(de|dos?|das?|um|uma|os?|as?|no|na|em|para|com|ou|use|escolha|informe|envie|verifique|campos?|senhas?|arquivos?)\b/i;

/** A refusal in pt-BR: a message (and field errors, if any), none of it English or SQL. */
function expectPortugueseRefusal(response: ApiResponse, label: string) {
  expect(response.status, `${label}: ${JSON.stringify(response.body)?.slice(0, 500)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  const body = response.json<{ message?: unknown; errors?: Record<string, string[]> }>();
  expect(typeof body.message, label).toBe("string");
  const texts = [String(body.message), ...Object.values(body.errors ?? {}).flat()];
  for (const text of texts) {
    expect(text, label).not.toMatch(ENGLISH);
    expect(text, label).toMatch(PORTUGUESE);
  }
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error("unexpected query result");
}

/** Every row of a table as text: equal before and after means nothing was written. */
async function snapshot(app: TestApp, table: string): Promise<string> {
  const query: SQL = sql`SELECT coalesce(string_agg(t::text, E'\n' ORDER BY t::text), '') AS rows FROM ${sql.identifier(table)} t`;
  const [row] = rowsOf(await app.database.db.execute(query));
  return String(row?.rows);
}

const t = withTestApp({ env: { TRUST_PROXY: "true" }, resetEachTest: false });
const fresh = withTestApp({ env: { TRUST_PROXY: "true" }, resetEachTest: false });
const tokens: Record<Role, string | undefined> = {
  anonymous: undefined,
  user: undefined,
  admin: undefined,
  super: undefined,
};
const ids = {} as Record<Fixture, number>;
let address = 0;

async function created(path: string, body: Body, token: string | undefined): Promise<number> {
  const response = await t.request("POST", path, {
    body,
    token,
    headers: { "x-forwarded-for": `198.51.100.${++address % 250}` },
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  tokens.super = await t.setupSite();
  const admin = await t.createUser("admin", tokens.super);
  tokens.admin = admin.token;
  const user = await t.createUser("user", tokens.super, "pessoa@example.com");
  tokens.user = user.token;
  await t.database.db.execute(
    sql`INSERT INTO two_factor_secrets (user_id, secret, confirmed_at) VALUES (${user.id}, ${USER_TOTP}, NULL), (${admin.id}, ${ADMIN_TOTP}, now())`,
  );
  ids.user = (await t.createUser("user", tokens.super, "outra@example.com")).id;
  await t.database.db.execute(
    sql`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES (${createHash("sha256").update(resetToken).digest("hex")}, ${ids.user}, now() + interval '1 day')`,
  );
  ids.page = await created("/api/pages", content(), tokens.admin);
  ids.post = await created("/api/posts", post(), tokens.admin);
  ids.event = await created("/api/events", event(), tokens.admin);
  ids.media = await created("/api/medias", media(), tokens.admin);
  ids.menu = await created("/api/menus", { name: "Menu", url: "/menu" }, tokens.admin);
  ids.menuParent = await created("/api/menus", { name: "Mais", url: "/mais" }, tokens.admin);
  ids.menuChild = await created(
    "/api/menus",
    { name: "Filho", url: "/filho", parent_id: ids.menuParent },
    tokens.admin,
  );
  const opened = await t.request("POST", "/api/settings", { token: tokens.super, body: settings() });
  if (opened.status !== 200) throw new Error(`settings: ${opened.status} ${JSON.stringify(opened.body)}`);
  ids.product = await created("/api/products", product(), tokens.admin);
  const fixture = await t.request("GET", `/api/products/${ids.product}`);
  ids.variant = fixture.json<{ variants: { id: number }[] }>().variants[0]?.id ?? 0;
  const shop = await t.request("PUT", "/api/shop/settings", { token: tokens.admin, body: shopSettings() });
  if (shop.status !== 200) throw new Error(`shop settings: ${shop.status} ${JSON.stringify(shop.body)}`);
  const placed = await t.request("POST", "/api/shop/checkout", {
    token: tokens.user,
    headers: cartCookie(),
    body: checkout(),
  });
  if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
  ids.order = placed.json<{ order: { id: number } }>().order.id;
  const toShip = await t.request("POST", "/api/shop/checkout", {
    token: tokens.user,
    headers: cartCookie(),
    body: checkout(),
  });
  if (toShip.status !== 201) throw new Error(`checkout: ${toShip.status} ${JSON.stringify(toShip.body)}`);
  ids.orderToShip = toShip.json<{ order: { id: number } }>().order.id;
  // Paid and being prepared: "sent" is its next move.
  await t.database.db.execute(sql`UPDATE orders SET status = 'processing' WHERE id = ${ids.orderToShip}`);
  await t.request("POST", "/api/contacts/contact", { body: { name: "Rui", email: "rui@example.com", message: "Olá" } });
  const inbox = await t.request("GET", "/api/contacts", { token: tokens.admin });
  ids.contact = inbox.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
  ids.redirect = await created("/api/redirects", redirect(), tokens.admin);
  ids.coupon = await created("/api/coupons", coupon(), tokens.admin);
  await created("/api/coupons", { code: CART_COUPON, kind: "free_shipping" }, tokens.admin);
  ids.plan = await created("/api/members/plans", memberPlan(), tokens.admin);
  await created("/api/members/plans", { ...memberPlan(), name: IMPORT_PLAN }, tokens.admin);
  const registered = await t.request("POST", "/api/members", { token: tokens.admin, body: member() });
  ids.member = registered.json<{ member: { id: number } }>().member.id;
  for (const [memberKey, dueKey] of [
    ["paidMember", "paidDue"],
    ["waivedMember", "waivedDue"],
  ] as const) {
    const proposal = await t.request("POST", "/api/members/applications", {
      body: application(),
      headers: { "x-forwarded-for": `198.51.100.${++address % 250}` },
    });
    if (proposal.status !== 201) throw new Error(`proposal: ${proposal.status} ${JSON.stringify(proposal.body)}`);
    const proposals = await t.request("GET", "/api/members?status=proposta", { token: tokens.admin });
    ids[memberKey] = proposals.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    const approved = await t.request("POST", `/api/members/${ids[memberKey]}/status`, {
      token: tokens.admin,
      body: { status: "ativo" },
    });
    ids[dueKey] = approved.json<{ dues: { id: number }[] }>().dues[0]?.id ?? 0;
  }
  // The dues through Asaas, so its webhook reads what it is sent rather than refusing every token.
  const members = await t.request("PUT", "/api/members/settings", { token: tokens.admin, body: memberSettings() });
  if (members.status !== 200) throw new Error(`members' settings: ${members.status} ${JSON.stringify(members.body)}`);
}, 120_000);

async function send(endpoint: Endpoint, body: unknown): Promise<ApiResponse> {
  const app = endpoint.fresh ? fresh : t;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: Fixture) => String(ids[name]));
  // Each request from its own address keeps the login and contact throttles out of the way.
  const headers = {
    "x-forwarded-for": `203.0.113.${++address % 250}`,
    "content-type": "application/json",
    ...endpoint.headers?.(),
  };
  return app.request(endpoint.method, path, {
    body: typeof body === "string" ? body : JSON.stringify(body),
    token: tokens[endpoint.as],
    headers,
  });
}

describe.each(endpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
  "%s",
  (label, endpoint) => {
    it.each(mutationsOf(endpoint).map((mutation) => [mutation.name, mutation] as const))(
      "refuses %s",
      async (name, mutation) => {
        const app = endpoint.fresh ? fresh : t;
        const before = await snapshot(app, endpoint.table);
        const response = await send(endpoint, mutation.apply(endpoint.body()));
        expectPortugueseRefusal(response, `${label} ${name}`);
        expect(await snapshot(app, endpoint.table), `${label} ${name} wrote to ${endpoint.table}`).toBe(before);
      },
    );

    // Last: it may change the fixtures (and sets the fresh site up).
    it("accepts its valid body, with any script in free text stored as sent", async () => {
      const script = `Coop 日本 🌱 São João ${unique()}`;
      const body = (endpoint.text ?? []).reduce(
        (acc, field) => withValue(acc, field.split("."), script),
        endpoint.body(),
      );
      const response = await send(endpoint, body);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      if (endpoint.text?.length) {
        expect(await snapshot(endpoint.fresh ? fresh : t, endpoint.table)).toContain(script);
      }
    });
  },
);

describe("hostile addresses of reads", () => {
  const reads: [string, Role][] = [
    ["/api/search?q=%00", "anonymous"],
    ["/api/search?q=%00abc&page=1e20", "anonymous"],
    ["/api/search?q=%F0%9F%8C%B1%20%E6%97%A5%E6%9C%AC", "anonymous"],
    ["/api/pages?q=%00", "admin"],
    ["/api/pages?tag=%00&per_page=-1", "admin"],
    ["/api/pages?page=1e20", "anonymous"],
    ["/api/pages?page=99999999999999999999", "anonymous"],
    ["/api/pages/%00", "anonymous"],
    ["/api/pages/a%00b", "admin"],
    ["/api/posts?sort=%00", "anonymous"],
    ["/api/posts/%00", "anonymous"],
    ["/api/events?when=%00", "anonymous"],
    ["/api/events/%00", "anonymous"],
    ["/api/medias?year_from=99999", "anonymous"],
    ["/api/medias?year_from=-1&year_to=1e20", "anonymous"],
    ["/api/medias?category=%00", "anonymous"],
    ["/api/medias/%00", "anonymous"],
    ["/api/medias/export?format=bibtex&q=%00", "admin"],
    ["/api/users?q=%00", "super"],
    ["/api/users/%00", "super"],
    ["/api/contacts?status=%00", "admin"],
    ["/api/mail/outbox?status=%00&q=%00", "admin"],
    ["/api/orders?q=%00", "admin"],
    ["/api/orders?status=%00&from=99999-12-31", "admin"],
    ["/api/orders?to=2026-02-30", "user"],
    ["/api/orders/export.csv?from=%00", "admin"],
    ["/api/orders/%00", "user"],
    ["/api/orders/1e20", "user"],
    ["/api/orders/99999999999/payment", "user"],
    ["/api/orders/%00/tracking", "user"],
    ["/api/orders/1e20/tracking", "admin"],
    ["/api/menus/%00", "admin"],
    ["/api/redirects?q=%00&source=%00", "admin"],
    ["/api/redirects?source=outra&per_page=1e20", "admin"],
    ["/api/redirects/%00", "admin"],
    ["/api/coupons?q=%00&status=%00", "admin"],
    ["/api/coupons?status=outro&per_page=1e20", "admin"],
    ["/api/coupons/%00", "admin"],
    ["/api/audit?actor_id=%00&action=%00&record_kind=%00", "super"],
    ["/api/audit?record_kind=page&record_id=%00&per_page=1e20", "super"],
    ["/api/audit?actor_id=1e20&from=99999-12-31&to=2026-02-30", "super"],
    ["/api/audit/export.csv?record_id=%F0%9F%8C%B1&from=%00", "super"],
    ["/api/settings/security?x=%00", "admin"],
    ["/api/fiscal/export?month=%00", "admin"],
    ["/api/fiscal/export?month=99999-99", "admin"],
    ["/api/fiscal/export?month=0001-01", "admin"],
    ["/api/fiscal/orders/%00/note", "admin"],
    ["/api/fiscal/orders/1e20/note", "admin"],
    ["/api/fiscal/notes/%00/files/danfe", "user"],
    ["/api/fiscal/notes/2147483647/files/%00", "user"],
    ["/api/profile/sessions?x=%00", "user"],
    ["/api/members?q=%00&status=%00&plan_id=1e20", "admin"],
    ["/api/members?status=outro&per_page=1e20", "admin"],
    ["/api/members/%00", "admin"],
    ["/api/members/export.csv?q=%00&status=%00", "admin"],
    ["/api/members/1e20", "admin"],
    ["/api/members/plans/%00", "admin"],
    ["/api/members/verify/%00", "anonymous"],
    ["/api/members/verify/%F0%9F%8C%B1", "anonymous"],
    ["/api/members/me?x=%00", "user"],
    ["/api/members/dues/%00/receipt", "user"],
    ["/api/members/dues/1e20/receipt", "user"],
    ["/api/%00", "anonymous"],
  ];

  it.each(reads)("%s answers 200 or a pt-BR 4xx, never a 500", async (path, role) => {
    const response = await t.request("GET", path, { token: tokens[role] });
    if (response.status !== 200) expectPortugueseRefusal(response, path);
  });

  it("refuses hostile ids in the addresses of writes without a body, in pt-BR", async () => {
    for (const path of [
      "/api/users/%00/two-factor/reset",
      "/api/users/1e20/two-factor/reset",
      "/api/users/-1/two-factor/reset",
    ]) {
      const response = await t.request("POST", path, { token: tokens.super });
      expectPortugueseRefusal(response, path);
    }
  });

  it("refuses a NUL in an API address with a 400", async () => {
    for (const path of ["/api/pages/%00", "/api/search?q=%00", "/api/medias?category=a%00"]) {
      const response = await t.request("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.json(), path).toEqual({ message: "O endereço contém caracteres inválidos." });
    }
  });

  it("answers a control character in any other address with the 404 page", async () => {
    for (const path of [
      "/%00",
      "/noticias/%00",
      "/files/%00",
      "/files/a%01b.png",
      "/busca?q=%00",
      "/biblioteca?category=%7F",
    ]) {
      const response = await t.request("GET", path);
      expect(response.status, path).toBe(404);
      expect(String(response.body), path).toContain("Página não encontrada");
    }
  });

  it("lets line breaks, tabs and any script through", async () => {
    for (const path of [
      "/api/search?q=a%0Ab%09c",
      "/api/search?q=%E6%97%A5%E6%9C%AC%20%F0%9F%8C%B1",
      "/api/pages/%E6%97%A5",
    ]) {
      expect((await t.request("GET", path)).status, path).not.toBe(400);
    }
  });
});

describe("hostile ids of deletes", () => {
  const deletes: [string, string][] = [
    ["/api/pages/1e20", "pages"],
    ["/api/pages/-1", "pages"],
    ["/api/posts/%00", "posts"],
    ["/api/events/99999999999", "events"],
    ["/api/medias/1.5", "medias"],
    ["/api/menus/0x10", "menus"],
    ["/api/contacts/%201", "contacts"],
    ["/api/redirects/1e20", "redirects"],
    ["/api/coupons/-1", "coupons"],
    ["/api/members/1e20", "members"],
    ["/api/members/plans/%00", "member_plans"],
    ["/api/users/%E6%97%A5", "users"],
  ];

  it.each(deletes)("DELETE %s is a pt-BR 4xx that removes nothing", async (path, table) => {
    const before = await snapshot(t, table);
    const response = await t.request("DELETE", path, { token: tokens.super });
    expectPortugueseRefusal(response, path);
    expect(await snapshot(t, table)).toBe(before);
  });
});

describe("hostile ids of writes without a body", () => {
  const writes: [string, string][] = [
    ["/api/mail/outbox/1e20/retry", "mail_outbox"],
    ["/api/mail/outbox/-1/retry", "mail_outbox"],
    ["/api/mail/outbox/%00/retry", "mail_outbox"],
    ["/api/mail/outbox/99999999999/retry", "mail_outbox"],
    ["/api/mail/outbox/2147483647/retry", "mail_outbox"],
    ["/api/wordpress-imports/1e20/start", "wordpress_imports"],
    ["/api/wordpress-imports/%00/start", "wordpress_imports"],
    ["/api/wordpress-imports/2147483647/start", "wordpress_imports"],
    ["/api/orders/1e20/label", "order_labels"],
    ["/api/orders/%00/label", "order_labels"],
    ["/api/orders/2147483647/label", "order_labels"],
    ["/api/orders/-1/tracking/refresh", "order_labels"],
    ["/api/orders/2147483647/tracking/refresh", "order_labels"],
    ["/api/fiscal/orders/1e20/note", "fiscal_notes"],
    ["/api/fiscal/orders/%00/note", "fiscal_notes"],
    ["/api/fiscal/orders/2147483647/note", "fiscal_notes"],
    ["/api/fiscal/orders/-1/note/cancel", "fiscal_notes"],
    ["/api/fiscal/orders/2147483647/note/cancel", "fiscal_notes"],
    ["/api/fiscal/orders/%00/note/correction", "fiscal_notes"],
    ["/api/fiscal/orders/2147483647/note/correction", "fiscal_notes"],
    // Without a token saved, the fiscal test refuses in pt-BR and asks nothing.
    ["/api/fiscal/settings/test", "fiscal_settings"],
    // No id, and the body is ignored: with Melhor Envio off the test refuses in pt-BR and records nothing.
    ["/api/shop/melhor-envio/test", "carrier_health"],
    // Likewise with the Correios off: their test refuses in pt-BR, asks nothing and records nothing.
    ["/api/shop/correios/test", "carrier_health"],
  ];

  it.each(writes)("POST %s is a pt-BR 4xx that changes nothing", async (path, table) => {
    const before = await snapshot(t, table);
    const response = await t.request("POST", path, { token: tokens.admin, body: { id: 1, status: "pending" } });
    expectPortugueseRefusal(response, path);
    expect(await snapshot(t, table)).toBe(before);
  });
});

describe("notas fiscais' texts and webhook", () => {
  const hostile: [string, Json][] = [
    ["NUL", "Cliente desistiu\u0000 da compra"],
    ["too short", "curta"],
    ["too long", "x".repeat(TOO_LONG)],
    ["a number", 1e20],
    ["a list", ["Cliente desistiu da compra"]],
    ["null", null],
  ];
  it.each(hostile)("cancel and correction refuse %s in pt-BR, writing nothing", async (_name, value) => {
    for (const [path, field] of [
      ["/api/fiscal/orders/1/note/cancel", "justification"],
      ["/api/fiscal/orders/1/note/correction", "correction"],
    ] as const) {
      const before = await snapshot(t, "fiscal_notes");
      const response = await t.request("POST", path, { token: tokens.admin, body: { [field]: value } });
      expectPortugueseRefusal(response, path);
      expect(await snapshot(t, "fiscal_notes")).toBe(before);
    }
  });

  it.each([
    ["no authorization", {}, "{}"],
    ["a guessed authorization", { authorization: "adivinhei" }, '{"ref":"pedido-1","status":"autorizado"}'],
    ["a NUL", { authorization: "x" }, '{"ref":"pedido-1\u0000","status":"autorizado"}'],
    ["a body that is not JSON", { authorization: "x" }, "<xml/>"],
  ])("the webhook refuses %s with a pt-BR 401, writing nothing", async (_name, headers, body) => {
    const before = await snapshot(t, "fiscal_notes");
    const response = await t.request("POST", "/api/fiscal/webhook", { headers, body });
    expect(response.status).toBe(401);
    expectPortugueseRefusal(response, "webhook");
    expect(await snapshot(t, "fiscal_notes")).toBe(before);
  });
});

describe("notas fiscais' lengths and month", () => {
  const order = () => `/api/fiscal/orders/${ids.order}/note`;
  const texts = [
    ["cancel", "justification", 255],
    ["correction", "correction", 1000],
  ] as const;
  const words = (length: number) => "Pedido cancelado pelo cliente. ".repeat(40).slice(0, length);
  const sized = (length: number) => `${words(length - 1)}x`;

  const LENGTHS = /tem de 15 a \d+ caracteres/;
  it.each([
    ["14 characters", () => sized(14), LENGTHS],
    ["14 characters padded with spaces", () => `   ${sized(14)}       `, LENGTHS],
    ["only spaces", () => " ".repeat(40), LENGTHS],
    ["one over the limit", (max: number) => sized(max + 1), LENGTHS],
    ["a NUL within the limit", () => `${sized(50)}\u0000${sized(49)}`, /Caracteres inválidos/],
  ] as const)("cancel and correction refuse %s in pt-BR, writing nothing", async (what, value, message) => {
    for (const [step, field, max] of texts) {
      const before = await snapshot(t, "fiscal_notes");
      const response = await t.request("POST", `${order()}/${step}`, {
        token: tokens.admin,
        body: { [field]: value(max) },
      });
      expect(response.status, `${step} ${what}`).toBe(400);
      expectPortugueseRefusal(response, `${step} ${what}`);
      expect(response.json<{ errors?: Record<string, string[]> }>().errors?.[field]?.[0], `${step} ${what}`).toMatch(
        message,
      );
      expect(await snapshot(t, "fiscal_notes")).toBe(before);
    }
  });

  // At the limits the text is taken: what refuses it then is the order (it has no note), not the text.
  it.each([
    ["15 characters", 15],
    ["the limit", 0],
  ] as const)("cancel and correction take %s", async (_what, size) => {
    for (const [step, field, max] of texts) {
      const response = await t.request("POST", `${order()}/${step}`, {
        token: tokens.admin,
        body: { [field]: sized(size || max) },
      });
      expectPortugueseRefusal(response, step);
      expect(response.status, step).not.toBe(400);
    }
  });

  it.each([
    "2026-13",
    "2026-00",
    "2026-1",
    "99999-12",
    "0000-01",
    "2026-12%00",
    "%002026-12",
    "2026%0012",
    "2026-12-01",
    "",
    "dezembro",
  ])("the month's export refuses month=%s in pt-BR", async (month) => {
    const before = await snapshot(t, "audit_entries");
    const response = await t.request("GET", `/api/fiscal/export?month=${month}`, { token: tokens.admin });
    expect(response.status, month).toBe(400);
    expectPortugueseRefusal(response, month);
    expect(await snapshot(t, "audit_entries")).toBe(before);
  });

  it("the month's export refuses a month under another name, or none", async () => {
    for (const query of ["?month[]=2026-12", "?mes=2026-12", ""]) {
      const response = await t.request("GET", `/api/fiscal/export${query}`, { token: tokens.admin });
      expectPortugueseRefusal(response, query);
    }
  });
});

describe("the members' Asaas webhook", () => {
  it.each([
    ["no token", {}],
    ["a guessed token", { "asaas-access-token": "adivinhei" }],
    ["the token and more", { "asaas-access-token": `${ASAAS_WEBHOOK_TOKEN}x` }],
    ["the token where another header goes", { authorization: `Bearer ${ASAAS_WEBHOOK_TOKEN}` }],
  ])("refuses %s with a pt-BR 401, writing nothing", async (_name, headers: Record<string, string>) => {
    const before = await snapshot(t, "member_asaas_events");
    const response = await t.request("POST", "/api/members/asaas/webhook", { headers, body: asaasEvent() });
    expect(response.status).toBe(401);
    expectPortugueseRefusal(response, "webhook");
    expect(await snapshot(t, "member_asaas_events")).toBe(before);
  });

  it("refuses a chunked body past the limit with a pt-BR 413, reading no more than the limit of it", async () => {
    const before = await snapshot(t, "member_asaas_events");
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const total = 8 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    // Node's fetch needs `duplex` for a streamed body; the DOM's RequestInit type does not name it.
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "asaas-access-token": ASAAS_WEBHOOK_TOKEN, "content-type": "application/json" },
      body,
      duplex: "half",
    };
    const response = await t.app.request("/api/members/asaas/webhook", init);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("Aviso do Asaas grande demais.");
    expect(pulled).toBeLessThan(1024 * 1024);
    expect(await snapshot(t, "member_asaas_events")).toBe(before);
  });
});

describe("uploads", () => {
  const form = (name: string, bytes: Uint8Array<ArrayBuffer>, type: string) => {
    const data = new FormData();
    data.append("file", new File([bytes], name, { type }));
    return data;
  };
  const PNG_HEADER = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  it.each([
    [
      "/api/uploads/images",
      form("foto.png", new Uint8Array(new TextEncoder().encode("<script>alert(1)</script>")), "image/png"),
    ],
    ["/api/uploads/images", form("foto\u0000.png", PNG_HEADER, "image/png")],
    [
      "/api/uploads/documents",
      form("script.html", new Uint8Array(new TextEncoder().encode("<html><script>alert(1)</script>")), "text/html"),
    ],
  ])("%s refuses a hostile file without writing it", async (path, data) => {
    const before = await snapshot(t, "uploads");
    const response = await t.request("POST", path, { form: data, token: tokens.admin });
    expectPortugueseRefusal(response, path);
    expect(await snapshot(t, "uploads")).toBe(before);
  });

  const wordpressForm = (name: string, text: string, files = "site") => {
    const data = new FormData();
    data.append("export", new File([text], name, { type: "text/xml" }));
    data.append("files", files);
    return data;
  };
  it.each([
    ["not XML", wordpressForm("site.xml", "\u0000\u0001 nada")],
    ["a NUL in the XML", wordpressForm("site.xml", '<?xml version="1.0"?><rss version="2.0">\u0000</rss>')],
    ["a DOCTYPE", wordpressForm("site.xml", '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><rss>&a;</rss>')],
    ["an unknown files origin", wordpressForm("site.xml", "<rss/>", "file:///etc")],
    ["no file", new FormData()],
  ])("POST /api/wordpress-imports refuses %s without writing", async (_what, data) => {
    const before = await snapshot(t, "wordpress_imports");
    const response = await t.request("POST", "/api/wordpress-imports", { form: data, token: tokens.admin });
    expectPortugueseRefusal(response, "/api/wordpress-imports");
    expect(await snapshot(t, "wordpress_imports")).toBe(before);
  });

  // The import's own limits (issue 33 item 7): an export nested past any WordPress export's depth, an upload
  // said to be past the size limit (refused before a byte is read; the streamed case is upload.test.ts's),
  // and a customer's export, each with its status and pt-BR message, never a 500.
  const nested = (depth: number) =>
    `<?xml version="1.0"?><rss version="2.0"><channel>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</channel></rss>`;
  it.each([
    ["an export nested 1,000 deep", "admin", {}, 400, `em mais de ${WXR_MAX_DEPTH} níveis`],
    [
      "an upload past the size limit",
      "admin",
      { "content-length": String(WORDPRESS_UPLOAD_MAX_BYTES + 1) },
      413,
      "passam de 100 MB",
    ],
    ["a customer's export", "user", {}, 403, ""],
  ] as const)(
    "POST /api/wordpress-imports refuses %s without writing",
    async (_what, role, headers, status, message) => {
      const before = await snapshot(t, "wordpress_imports");
      const data = wordpressForm("site.xml", nested(1000), "none");
      const response = await t.request("POST", "/api/wordpress-imports", { form: data, token: tokens[role], headers });
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expectPortugueseRefusal(response, "/api/wordpress-imports");
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(await snapshot(t, "wordpress_imports")).toBe(before);
    },
  );

  // Uploads are for those who publish: a customer's valid file is refused, on both paths, before it is read.
  it.each([
    ["/api/uploads/images", () => form("foto.png", PNG_HEADER, "image/png")],
    [
      "/api/uploads/documents",
      () => form("ata.pdf", new Uint8Array(new TextEncoder().encode("%PDF-1.4\n%%EOF\n")), "application/pdf"),
    ],
  ])("%s refuses a customer with 403 without writing", async (path, data) => {
    const before = await snapshot(t, "uploads");
    const response = await t.request("POST", path, { form: data(), token: tokens.user });
    expect(response.status).toBe(403);
    expectPortugueseRefusal(response, path);
    expect(await snapshot(t, "uploads")).toBe(before);
  });

  it("keeps a document whose name holds a NUL, without the control character", async () => {
    const pdf = new Uint8Array(new TextEncoder().encode("%PDF-1.4\n%%EOF\n"));
    const response = await t.request("POST", "/api/uploads/documents", {
      form: form("esta\u0000tuto.pdf", pdf, "application/pdf"),
      token: tokens.admin,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.json()).toMatchObject({ name: "estatuto.pdf" });
  });
});

// Focus NFe's webhook with the secret the settings registered, so that what is read past it is the body: each
// malformed one is a 4xx and writes nothing (Focus NFe retries a 4xx for a day and the job runner polls, so
// refusing costs no note); a well-formed report of a reference that is not ours is answered 200 and left alone,
// since the token's other notes (another system issuing under the same CNPJ) are reported to the same hook and
// would be retried for a day otherwise; a body past the limit is refused as it arrives, never read whole.
describe("the fiscal webhook behind its valid secret", () => {
  const env: Record<string, string> = {
    BASE_URL: "http://127.0.0.1:1",
    SECRETS_KEY: randomBytes(32).toString("base64"),
  };
  const focus = withFakeServer(startFakeFocusNfe, env, "FOCUS_NFE_URL");
  const site = withTestApp({ env, resetEachTest: false });
  let secret = "";
  let reference = "";

  beforeAll(async () => {
    const superToken = await site.setupSite();
    await switchShopFeature(site, superToken);
    await saveShopSettings(site, superToken, RECIFE_SHOP_SETTINGS);
    const saved = await site.request("PUT", "/api/fiscal/settings", {
      token: superToken,
      body: recifeFiscalSettings(focus().token, { issue_mode: "manual" }),
    });
    if (saved.status !== 200) throw new Error(`fiscal settings: ${saved.status} ${JSON.stringify(saved.body)}`);
    const hook = focus().requests.find((request) => request.path === "/v2/hooks" && request.method === "POST");
    secret = String((hook?.body as { authorization?: unknown } | undefined)?.authorization ?? "");
    const coffee = await createProduct(site, superToken, {
      name: "Café",
      variants: [{ price_cents: 2590, stock: 10 }],
      weight_grams: 500,
    });
    const buyer = await site.createUser("user", superToken);
    const { order } = await placeOrder(site, buyer.token, [cartLine(coffee, 1)], { neighborhood: "Boa Vista" });
    await site.request("POST", `/api/orders/${order.id}/status`, { token: superToken, body: { status: "paid" } });
    // Sent and held "processando" at the fake: a report could still move it.
    focus().holdProcessing = true;
    const issued = await site.request("POST", `/api/fiscal/orders/${order.id}/note`, { token: superToken });
    if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${JSON.stringify(issued.body)}`);
    reference = `pedido-${order.number}`;
  }, 120_000);

  const report = (fields: Record<string, unknown>) => JSON.stringify({ ref: reference, ...fields });
  const webhook = (body: BodyInit, headers: Record<string, string> = {}) =>
    site.app.request("/api/fiscal/webhook", {
      method: "POST",
      headers: { authorization: secret, "content-type": "application/json", ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    });
  const answerOf = async (response: Response): Promise<ApiResponse> => {
    const text = await response.text();
    const body: unknown = JSON.parse(text);
    return { status: response.status, headers: response.headers, body, json: <T>() => body as T };
  };

  it.each([
    ["a body that is not JSON", "<nfe><status>autorizado</status></nfe>"],
    ["broken JSON", '{"ref": "pedido-1", "status": '],
    ["JSON that is not an object", '["autorizado"]'],
    ["no body", ""],
    ["the reference of the wrong type", () => JSON.stringify({ ref: 1001, status: "autorizado" })],
    ["the status of the wrong type", () => report({ status: ["autorizado"] })],
    ["a status Focus NFe does not have", () => report({ status: "aprovadissimo" })],
    ["no status", () => report({})],
    ["a NUL in the reference", () => report({ ref: `${reference}\u0000`, status: "autorizado" })],
    ["a NUL in the access key", () => report({ status: "autorizado", status_sefaz: "100", chave_nfe: "NFe\u00001" })],
    [
      "a NUL in SEFAZ's message",
      () => report({ status: "denegado", status_sefaz: "302", mensagem_sefaz: "Uso\u0000" }),
    ],
    ["a raw NUL byte", () => `{"ref":"${reference}\u0000","status":"autorizado"}`],
    ["arrays nested 100,000 deep", () => `${"[".repeat(100_000)}${"]".repeat(100_000)}`],
  ] as const)("refuses %s with a pt-BR 4xx, writing nothing", async (_what, body) => {
    const before = await snapshot(site, "fiscal_notes");
    const response = await answerOf(await webhook(typeof body === "function" ? body() : body));
    // Past the secret: the body is what is wrong, not who sent it.
    expect(response.status).toBe(400);
    expectPortugueseRefusal(response, "webhook");
    expect(await snapshot(site, "fiscal_notes")).toBe(before);
  });

  it("answers 200 to a report of a reference that is not ours, and leaves every note alone", async () => {
    const before = await snapshot(site, "fiscal_notes");
    const response = await webhook(JSON.stringify({ ref: "outro-sistema-42", status: "autorizado" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await snapshot(site, "fiscal_notes")).toBe(before);
  });

  it("refuses a body said to be past the limit with a pt-BR 413, before reading it", async () => {
    const before = await snapshot(site, "fiscal_notes");
    const response = await answerOf(
      await webhook(report({ status: "autorizado" }), { "content-length": String(10 * 1024 * 1024) }),
    );
    expect(response.status).toBe(413);
    expectPortugueseRefusal(response, "webhook");
    expect(await snapshot(site, "fiscal_notes")).toBe(before);
  });

  it("refuses a chunked body past the limit with a pt-BR 413, reading no more than the limit of it", async () => {
    const before = await snapshot(site, "fiscal_notes");
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const total = 8 * 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0)
          controller.enqueue(new TextEncoder().encode(`{"ref":"${reference}","status":"autorizado","x":"`));
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await answerOf(await webhook(body));
    expect(response.status).toBe(413);
    expectPortugueseRefusal(response, "webhook");
    expect(pulled).toBeLessThan(1024 * 1024);
    expect(await snapshot(site, "fiscal_notes")).toBe(before);
  });
});
