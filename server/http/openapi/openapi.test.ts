import { readFileSync } from "node:fs";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MAX_IMPORT_BYTES } from "../../../common/schemas/media.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { makePdf } from "../../modules/uploads/test-documents.ts";
import { asFile, formWith, makeImage } from "../../modules/uploads/test-images.ts";
import { operations } from "./document.ts";
import { responsesOf } from "./operation.ts";

const t = withTestApp({ env: { TRUST_PROXY: "true" }, resetEachTest: false });

type Json = { [key: string]: unknown };
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Json & { responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Json> };
};

const fetchDocument = async () => {
  const response = await t.request("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  return response.json<Document>();
};

const operationKeys = (document: Document) =>
  Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string" ? [inner] : refsIn(inner),
  );
}

describe("the OpenAPI document", () => {
  it("documents exactly the routes the app registers under /api", async () => {
    const registered = t.app.routes
      .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    expect(operationKeys(await fetchDocument())).toEqual([...new Set(registered)].sort());
  });

  it("is OpenAPI 3.1 with a summary and responses per operation and every $ref resolvable", async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe("3.1.0");
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        expect(operation.summary, `${method} ${path}`).toEqual(expect.any(String));
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
      }
    }
    const missing = refsIn(document).filter(
      (ref) => !(ref.replace("#/components/schemas/", "") in document.components.schemas),
    );
    expect(missing).toEqual([]);
  });

  it("describes bodies and query parameters from the shared zod schemas", async () => {
    const { paths, components } = await fetchDocument();
    const setup = components.schemas.SetupInput as { required: string[]; properties: Record<string, Json> };
    expect(setup.required.sort()).toEqual(["admin_name", "email", "password", "password_confirmation", "title"]);
    expect(setup.properties.password).toMatchObject({ type: "string", minLength: 6 });
    expect(components.schemas.ContactInput).toMatchObject({ required: ["name", "email", "message"] });

    const setupPost = paths["/api/settings/setup"]?.post;
    expect(setupPost?.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/SetupInput" } } },
    });
    expect(paths["/api/uploads/images"]?.post?.requestBody).toMatchObject({
      content: { "multipart/form-data": { schema: { $ref: "#/components/schemas/ImageUploadForm" } } },
    });
    expect(paths["/api/uploads/images"]?.post?.responses["503"]).toMatchObject({
      description: expect.stringContaining("Retry-After"),
    });

    expect(paths["/api/medias/import"]?.post?.requestBody).toEqual({
      required: true,
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/ImportInput" } },
        "multipart/form-data": { schema: { $ref: "#/components/schemas/ImportForm" } },
      },
    });
    expect(paths["/api/medias/export"]?.get?.responses["200"]).toMatchObject({
      content: {
        "application/x-bibtex": { schema: { $ref: "#/components/schemas/ReferenceFile" } },
        "application/x-research-info-systems": { schema: { $ref: "#/components/schemas/ReferenceFile" } },
      },
    });
    expect(paths["/api/medias"]?.get?.parameters).toContainEqual({
      name: "per_page",
      in: "query",
      required: false,
      schema: expect.objectContaining({ default: 30, maximum: 100 }),
    });

    expect(paths["/api/users"]?.get?.parameters).toEqual([
      { name: "page", in: "query", required: false, schema: expect.objectContaining({ type: "integer", minimum: 1 }) },
      { name: "per_page", in: "query", required: false, schema: expect.objectContaining({ maximum: 100 }) },
      { name: "q", in: "query", required: false, schema: expect.objectContaining({ type: "string" }) },
      { name: "role", in: "query", required: false, schema: { type: "string", enum: ["user", "admin", "super"] } },
    ]);
    // Focus NFe's webhook: the report it posts, and the refusals of a body that is not one.
    const webhook = paths["/api/fiscal/webhook"]?.post;
    expect(webhook?.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/FocusNfeReport" } } },
    });
    expect(components.schemas.FocusNfeReport).toMatchObject({
      required: expect.arrayContaining(["ref", "status"]),
      properties: { status: { enum: expect.arrayContaining(["autorizado", "erro_autorizacao"]) } },
    });
    expect(Object.keys(webhook?.responses ?? {}).sort()).toEqual(["200", "400", "401", "403", "413"]);
    expect(paths["/api/fiscal/export"]?.get?.responses).toHaveProperty("400");

    expect(paths["/api/contacts/{id}"]?.put?.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 2147483647 } },
    ]);
  });

  it("documents the error shape {message, errors?} on every refusal, and how to sign in", async () => {
    const { paths, components } = await fetchDocument();
    expect(components.schemas.Error).toMatchObject({
      type: "object",
      required: ["message"],
      properties: { message: { type: "string" }, errors: { type: "object" } },
    });
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          expect(response, `${method} ${path} ${status}`).toMatchObject({
            content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
          });
        }
        if (operation.security !== undefined) expect(operation.responses, `${method} ${path}`).toHaveProperty("401");
      }
    }
    expect(paths["/api/users"]?.post?.responses).toHaveProperty("403");
    expect(paths["/api/auth/login"]?.post?.responses).toHaveProperty("429");
    expect(paths["/api/auth/login"]?.post?.responses["200"]).toHaveProperty("headers.Set-Cookie");
  });
});

/**
 * The scenario below is ~170 requests in order, each step needing the ones before it, a dozen of them
 * hashing a password with argon2id (sized to take 50-100 ms on a quiet core) and two resizing images:
 * about 2 s on a quiet machine, and it passed the default 20 s on a busy 2-core CI machine. It stays one
 * test, with room for a machine many times slower than that.
 */
const SCENARIO_TIMEOUT_MS = 180_000;

describe("real answers follow the documented schemas", () => {
  const exercised = new Set<string>();

  type Call = {
    params?: Record<string, number | string>;
    query?: string;
    token?: string;
    body?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
    /** The expected status; the operation's success status when left out. */
    status?: number;
  };

  /** Calls a documented operation and checks its status and its body against the document. */
  async function call(key: string, options: Call = {}) {
    const [method = "", template = ""] = key.split(" ");
    const operation = operations.find((op) => op.method === method.toLowerCase() && op.path === template);
    if (!operation) throw new Error(`undocumented operation ${key}`);
    const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(options.params?.[name]));
    const response = await t.request(method, `${url}${options.query ?? ""}`, {
      token: options.token,
      body: options.body,
      form: options.form,
      headers: { "x-forwarded-for": "192.0.2.10", ...options.headers },
    });
    expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(
      options.status ?? operation.success.status,
    );
    const documented = responsesOf(operation).get(response.status);
    expect(documented, `${key} answered ${response.status}, which is not documented`).toBeDefined();
    const schema: z.ZodType | undefined = documented?.schema;
    if (schema) {
      const result = schema.safeParse(response.body);
      expect(result.error?.issues ?? [], `${key} ${response.status}`).toEqual([]);
    } else {
      expect(response.body, key).toBeNull();
    }
    exercised.add(key);
    return response;
  }

  it("for every operation, successes and refusals alike", { timeout: SCENARIO_TIMEOUT_MS }, async () => {
    await call("GET /api/health");
    await call("GET /api/ready");
    await call("GET /api/openapi.json");
    await call("GET /api/settings");
    await call("POST /api/settings/setup", { body: {}, status: 400 });
    await call("POST /api/settings/setup", { body: { ...SUPER, password_confirmation: SUPER.password } });
    // Another setup once the site is set up (the same one again within seconds is answered as the first).
    const another = { ...SUPER, email: "outra@coop.test", password_confirmation: SUPER.password };
    await call("POST /api/settings/setup", { body: another, status: 409 });
    await call("POST /api/auth/login", { body: { email: SUPER.email, password: "errada" }, status: 401 });
    const signIn = async (email: string, password: string) =>
      (await call("POST /api/auth/login", { body: { email, password } })).json<{ token: string }>().token;
    const token = await signIn(SUPER.email, SUPER.password);

    const settings = (await call("GET /api/settings")).json<Json & { features: Record<string, Json> }>();
    const posts = { ...settings.features.posts, enabled: true };
    await call("POST /api/settings", {
      token,
      body: { ...settings, site_logo: { url: "/files/logo.png" }, features: { ...settings.features, posts } },
    });
    await call("POST /api/settings", { body: settings, status: 401 });
    await call("POST /api/settings", { token, body: { ...settings, primary_color: "azul" }, status: 400 });

    await call("GET /api/profile", { token });
    await call("PUT /api/profile", { token, body: { name: "Ana", email: SUPER.email } });
    const customer = {
      name: "Clara",
      email: "clara@example.com",
      password: "segredo123",
      password_confirmation: "segredo123",
      tax_id: "529.982.247-25",
      phone: "(11) 98765-4321",
    };
    const clara = (await call("POST /api/auth/register", { body: customer })).json<{ token: string }>().token;
    // The same e-mail with another password (the same sign-up again within seconds is answered as the first).
    await call("POST /api/auth/register", {
      body: { ...customer, password: "outra-senha-1", password_confirmation: "outra-senha-1" },
      status: 409,
    });
    await call("GET /api/profile/account", { token: clara });
    await call("GET /api/profile/addresses", { token: clara });
    await call("DELETE /api/profile/addresses/{id}", { token: clara, params: { id: 999 }, status: 404 });
    await call("GET /api/profile/export", { token: clara });
    // Clara turns the verification in two steps on, renews her recovery codes with one of them, and turns it off.
    await call("GET /api/profile/two-factor", { token: clara });
    await call("POST /api/profile/two-factor/setup", { token: clara });
    await call("DELETE /api/profile/two-factor/setup", { token: clara });
    const { secret } = (await call("POST /api/profile/two-factor/setup", { token: clara })).json<{ secret: string }>();
    await call("POST /api/profile/two-factor/confirm", { token: clara, body: { code: "12" }, status: 400 });
    const appCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const codes = async (key: string, body: Json) =>
      (await call(key, { token: clara, body })).json<{ recovery_codes: string[] }>().recovery_codes;
    const [recoveryCode] = await codes("POST /api/profile/two-factor/confirm", {
      password: customer.password,
      code: appCode,
    });
    const [renewedCode] = await codes("POST /api/profile/two-factor/recovery-codes", { code: recoveryCode ?? "" });
    await call("POST /api/profile/two-factor/disable", {
      token: clara,
      body: { password: customer.password, code: renewedCode },
    });
    await call("GET /api/profile/sessions", { token: clara });
    await call("POST /api/profile/sessions/end-others", { token: clara });
    await call("POST /api/auth/password-reset", { body: { email: customer.email } });
    await call("POST /api/auth/password-reset/confirm", {
      body: { token: "nao-existe", password: "segredo456", password_confirmation: "segredo456" },
      status: 400,
    });
    await call("DELETE /api/profile", { token: clara, body: { password: "errada" }, status: 400 });
    await call("DELETE /api/profile", { token: clara, body: { password: customer.password } });

    const bruno = { name: "Bruno", email: "bruno@example.com", password: "segredo123" };
    const userId = (await call("POST /api/users", { token, body: bruno })).json<{ id: number }>().id;
    await call("POST /api/users", { token, body: bruno, status: 409 });
    await call("GET /api/users", { token, query: "?q=bru&role=user" });
    await call("GET /api/users/{id}", { token, params: { id: userId } });
    await call("GET /api/users/{id}", { token, params: { id: 999 }, status: 404 });
    await call("GET /api/users", { token: await signIn(bruno.email, bruno.password), status: 403 });
    await call("PUT /api/users/{id}", { token, params: { id: userId }, body: { ...bruno, role: "admin" } });
    await call("POST /api/users/{id}/two-factor/reset", { token, params: { id: userId }, status: 409 });

    const parent = (await call("POST /api/menus", { token, body: { name: "Sobre", url: "/sobre" } })).json<{
      id: number;
    }>();
    const child = { name: "Equipe", url: "/equipe", parent_id: parent.id };
    const childId = (await call("POST /api/menus", { token, body: child })).json<{ id: number }>().id;
    await call("POST /api/menus", { token, body: { name: "Mau", url: "//evil.com" }, status: 400 });
    await call("GET /api/menus");
    await call("GET /api/menus", { token });
    await call("GET /api/menus/{id}", { token, params: { id: childId } });
    await call("PUT /api/menus/{id}", { token, params: { id: childId }, body: { ...child, url: "https://a.example" } });
    const top = (await call("GET /api/menus", { token })).json<{ id: number }[]>().map((menu) => menu.id);
    await call("POST /api/menus/reorder", { token, body: { ids: top.reverse() } });
    await call("DELETE /api/menus/{id}", { token, params: { id: parent.id } });
    await call("DELETE /api/menus/{id}", { token, params: { id: parent.id }, status: 404 });

    await call("POST /api/contacts/contact", { body: { name: "Joana", email: "joana@example.com", message: "Olá" } });
    await call("POST /api/contacts/contact", { body: { name: "" }, status: 400 });
    const list = await call("GET /api/contacts", { token, query: "?status=unread" });
    const contactId = list.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    await call("GET /api/contacts/{id}", { token, params: { id: contactId } });
    await call("PUT /api/contacts/{id}", { token, params: { id: contactId }, body: { read: false } });
    await call("DELETE /api/contacts/{id}", { token, params: { id: contactId } });

    const oldAddress = { from: "https://site-antigo.org.br/2019/05/colheita/", to: "/noticias/colheita" };
    const redirectId = (await call("POST /api/redirects", { token, body: oldAddress })).json<{ id: number }>().id;
    await call("POST /api/redirects", { token, body: { ...oldAddress, to: "/noticias/outra" }, status: 409 });
    await call("POST /api/redirects", { token, body: { from: "/x", to: "https://outro.example/" }, status: 400 });
    await call("GET /api/redirects", { token, query: "?q=colheita&source=manual" });
    await call("GET /api/redirects/{id}", { token, params: { id: redirectId } });
    await call("PUT /api/redirects/{id}", {
      token,
      params: { id: redirectId },
      body: { ...oldAddress, to: "/agenda" },
    });
    await call("DELETE /api/redirects/{id}", { token, params: { id: redirectId } });
    await call("DELETE /api/redirects/{id}", { token, params: { id: redirectId }, status: 404 });

    const promo = { code: "promo10", kind: "percent", percent: 10, valid_until: "2199-12-31" };
    const couponId = (await call("POST /api/coupons", { token, body: promo })).json<{ id: number }>().id;
    await call("POST /api/coupons", { token, body: { ...promo, code: "PROMO10" }, status: 409 });
    await call("POST /api/coupons", { token, body: { ...promo, percent: 101 }, status: 400 });
    await call("GET /api/coupons", { token, query: "?q=promo&status=active" });
    await call("GET /api/coupons/{id}", { token, params: { id: couponId } });
    await call("PUT /api/coupons/{id}", { token, params: { id: couponId }, body: { ...promo, kind: "free_shipping" } });
    await call("DELETE /api/coupons/{id}", { token, params: { id: couponId } });
    await call("DELETE /api/coupons/{id}", { token, params: { id: couponId }, status: 404 });

    await t.services.mail.queue("password-reset", SUPER.email, { name: "Ana", link: "https://example.com/senha" });
    const outbox = await call("GET /api/mail/outbox", { token, query: "?status=pending" });
    const mailId = outbox.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
    await call("POST /api/mail/outbox/{id}/retry", { token, params: { id: mailId } });
    await call("POST /api/mail/outbox/{id}/retry", { token, params: { id: mailId + 1 }, status: 404 });
    await call("GET /api/mail/outbox", { token, query: "?status=todos", status: 400 });

    const page = { title: "Quem somos", content: "<p>Oi</p><script>x</script>", tags: ["sobre"], status: "published" };
    const pageId = (await call("POST /api/pages", { token, body: page })).json<{ id: number }>().id;
    await call("POST /api/pages", { token, body: { ...page, slug: "quem-somos" }, status: 409 });
    await call("POST /api/pages", { token, body: { title: "" }, status: 400 });
    await call("POST /api/pages", { body: page, status: 401 });
    await call("GET /api/pages", { query: "?q=quem&tag=sobre" });
    await call("GET /api/pages/tags");
    await call("GET /api/pages/{idOrSlug}", { params: { idOrSlug: pageId } });
    await call("GET /api/pages/{idOrSlug}", { params: { idOrSlug: 999 }, status: 404 });
    await call("PUT /api/pages/{id}", { token, params: { id: pageId }, body: { ...page, status: "draft" } });
    await call("DELETE /api/pages/{id}", { token, params: { id: pageId } });

    const post = { title: "Notícia", published_at: "2025-03-10T23:30:00-03:00", status: "published" };
    const postId = (await call("POST /api/posts", { token, body: post })).json<{ id: number }>().id;
    await call("GET /api/posts", { query: "?sort=date_asc" });
    await call("GET /api/posts/tags", { token });
    await call("GET /api/posts/{idOrSlug}", { params: { idOrSlug: postId } });
    await call("PUT /api/posts/{id}", { token, params: { id: postId }, body: post });
    await call("DELETE /api/posts/{id}", { token, params: { id: postId } });

    const event = { title: "Feira", start_at: "2030-03-10T23:30:00-03:00", end_at: "2030-03-11T02:00:00-03:00" };
    const eventId = (await call("POST /api/events", { token, body: event })).json<{ id: number }>().id;
    await call("POST /api/events", { token, body: { ...event, end_at: "2030-03-01T00:00:00Z" }, status: 400 });
    await call("GET /api/events", { token, query: "?when=upcoming" });
    await call("GET /api/events/tags");
    await call("GET /api/events/{idOrSlug}", { token, params: { idOrSlug: eventId } });
    await call("PUT /api/events/{id}", { token, params: { id: eventId }, body: { ...event, status: "published" } });
    await call("DELETE /api/events/{id}", { token, params: { id: eventId } });

    const media = { title: "Cartilha de sementes", type: "teaching_material", authors: ["Silva, Ana"] };
    const mediaId = (await call("POST /api/medias", { token, body: media })).json<{ id: number }>().id;
    await call("POST /api/medias", { token, body: { ...media, doi: "x" }, status: 400 });
    await call("POST /api/medias", { body: media, status: 401 });
    await call("GET /api/medias", { query: "?q=sementes&type=teaching_material&sort=title" });
    await call("GET /api/medias", { query: "?year_from=2020&year_to=2010", status: 400 });
    await call("GET /api/medias/filters");
    await call("GET /api/medias/{id}", { params: { id: mediaId } });
    await call("GET /api/medias/{id}", { params: { id: 999 }, status: 404 });
    await call("GET /api/medias/export", { query: "?format=bibtex&q=sementes" });
    await call("GET /api/medias/export", { query: "?format=csv", status: 400 });
    await call("GET /api/medias/{id}/export", { params: { id: mediaId }, query: "?format=ris" });
    await call("PUT /api/medias/{id}", { token, params: { id: mediaId }, body: { ...media, status: "draft" } });
    await call("GET /api/medias/{id}/export", { params: { id: mediaId }, query: "?format=ris", status: 404 });
    const references = "@book{lima2020, title = {Livro importado}, author = {Lima, Rui}, year = {2020}}";
    await call("POST /api/medias/import/preview", { token, body: { text: references } });
    await call("POST /api/medias/import/preview", { token, body: { text: "" }, status: 400 });
    await call("POST /api/medias/import", { token, body: { text: references, format: "bibtex" } });
    const huge = "x".repeat(MAX_IMPORT_BYTES + 1);
    await call("POST /api/medias/import", { token, body: { text: huge }, status: 413 });
    await call("DELETE /api/medias/{id}", { token, params: { id: mediaId } });

    await call("GET /api/products", { status: 404 });
    const shop = { ...settings.features.shop, enabled: true };
    await call("POST /api/settings", {
      token,
      body: { ...settings, site_logo: { url: "/files/logo.png" }, features: { ...settings.features, posts, shop } },
    });
    const shirt = {
      name: "Camiseta",
      status: "published",
      tags: ["roupa"],
      options: [{ name: "Tamanho", values: ["P", "M"] }],
      variants: [
        { options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3 },
        { options: ["M"], price_cents: 5290, compare_at_cents: 5990, stock: 0 },
      ],
    };
    const product = (await call("POST /api/products", { token, body: shirt })).json<{
      id: number;
      variants: { id: number }[];
    }>();
    const variantId = product.variants[0]?.id ?? 0;
    await call("POST /api/products", { token, body: { ...shirt, name: "Outra", slug: "" }, status: 409 });
    await call("POST /api/products", { token, body: { name: "" }, status: 400 });
    await call("GET /api/products", { query: "?q=camiseta&sort=alphabetical_order&tag=roupa" });
    await call("GET /api/products", { query: "?sort=cheapest", status: 400 });
    await call("GET /api/products/tags");
    await call("GET /api/products/{idOrSlug}", { params: { idOrSlug: product.id } });
    await call("GET /api/products/{idOrSlug}", { params: { idOrSlug: 999 }, status: 404 });
    const edited = {
      ...shirt,
      variants: shirt.variants.map((variant, index) => (index ? variant : { id: variantId, ...variant })),
    };
    await call("PUT /api/products/{id}", { token, params: { id: product.id }, body: edited });
    const copy = (await call("POST /api/products/{id}/duplicate", { token, params: { id: product.id } })).json<{
      id: number;
    }>();
    await call("DELETE /api/products/{id}", { token, params: { id: copy.id } });

    const item = { product_id: product.id, variant_id: variantId, quantity: 1 };
    await call("GET /api/shop/cart");
    await call("POST /api/shop/cart/items", { body: item });
    await call("POST /api/shop/cart/items", { body: { ...item, quantity: 4 }, status: 400 });
    await call("POST /api/shop/cart/items", { body: { ...item, variant_id: 999 }, status: 404 });
    await call("PUT /api/shop/cart/items", { body: { ...item, quantity: 2 } });
    await call("DELETE /api/shop/cart/items/{position}", { params: { position: 0 } });
    await call("DELETE /api/shop/cart");
    await call("PUT /api/shop/cart/postal-code", { body: { postal_code: "01310-100" } });
    await call("PUT /api/shop/cart/shipping", { body: { shipping: "table:0" } });
    // A code that applies answers the cart (server/modules/shop/cart-coupon.test.ts checks it against the document).
    await call("POST /api/shop/cart/coupon", { body: { code: "NAOEXISTE" }, status: 400 });
    await call("DELETE /api/shop/cart/coupon");
    const shopSettings = {
      legal_name: "Cooperativa Teste",
      tax_id: "529.982.247-25",
      origin_postal_code: "13010-000",
      shipping: {
        table_rates: [
          {
            name: "Entrega",
            region: { kind: "uf", uf: "SP" },
            min_weight_grams: 0,
            max_weight_grams: 10000,
            price_cents: 1290,
            delivery_days: 3,
          },
        ],
      },
    };
    await call("PUT /api/shop/settings", { token, body: shopSettings });
    await call("PUT /api/shop/settings", { token, body: { tax_id: "123" }, status: 400 });
    await call("GET /api/shop/settings", { token });
    await call("GET /api/shop/settings", { status: 401 });
    // Melhor Envio is off here, so nothing is asked of it (its answers: server/modules/shop/melhor-envio-settings.test.ts).
    await call("POST /api/shop/melhor-envio/test", { token, status: 400 });
    await call("POST /api/shop/melhor-envio/test", { status: 401 });
    // The Correios are off too (their answers: server/modules/shop/correios-settings.test.ts).
    await call("POST /api/shop/correios/test", { token, status: 400 });
    await call("POST /api/shop/correios/test", { status: 401 });
    await call("POST /api/shop/shipping/quote", { body: { postal_code: "01310-100", items: [item] } });
    await call("POST /api/shop/shipping/quote", { body: { postal_code: "0", items: [item] }, status: 400 });
    // Only a CEP refused before any lookup: the lookup's answers are tested against a fake in address-routes.test.ts.
    await call("GET /api/shop/address/{cep}", { params: { cep: "00000-000" }, status: 400 });
    await call("GET /api/shop/states/{uf}/cities", { params: { uf: "SP" } });
    await call("GET /api/shop/states/{uf}/cities", { params: { uf: "XX" }, status: 404 });

    const cart = { cookie: `cms_cart=1~~~${item.product_id}.${item.variant_id}.1` };
    const checkout = {
      postal_code: "01310-100",
      uf: "SP",
      city: "São Paulo",
      street: "Avenida Paulista",
      number: "1000",
      name: "Ana Super",
      tax_id: "529.982.247-25",
      phone: "11987654321",
      shipping: "table:entrega",
      idempotency_key: "0b8f9a52-5d3e-4c59-9d43-2f1de2c0a6b1",
    };
    const placed = (await call("POST /api/shop/checkout", { token, body: checkout, headers: cart })).json<{
      order: { id: number };
    }>();
    await call("POST /api/shop/checkout", { token, body: { ...checkout, tax_id: "1" }, headers: cart, status: 400 });
    await call("POST /api/shop/checkout", { body: checkout, headers: cart, status: 401 });
    const orderId = placed.order.id;
    await call("GET /api/orders", { token, query: "?status=pending" });
    await call("GET /api/orders", { token, query: "?status=enviado", status: 400 });
    await call("GET /api/orders/export.csv", { token });
    await call("GET /api/orders/dashboard", { token });
    await call("GET /api/orders/{id}", { token, params: { id: orderId } });
    await call("GET /api/orders/{id}", { token, params: { id: orderId + 1 }, status: 404 });
    await call("GET /api/orders/{id}/payment", { token, params: { id: orderId } });
    await call("GET /api/orders/{id}/packing-slip", { token, params: { id: orderId } });
    await call("POST /api/orders/{id}/status", {
      token,
      params: { id: orderId },
      body: { status: "sent" },
      status: 400,
    });
    await call("POST /api/orders/{id}/status", {
      token,
      params: { id: orderId },
      body: { status: "received" },
      status: 409,
    });
    await call("POST /api/orders/{id}/status", { token, params: { id: orderId }, body: { status: "paid" } });
    const corrected = { ...checkout, neighborhood: "Bela Vista", complement: "" };
    await call("PUT /api/orders/{id}/address", { token, params: { id: orderId }, body: corrected });
    await call("PUT /api/orders/{id}/address", {
      token,
      params: { id: orderId },
      body: { ...corrected, neighborhood: "" },
      status: 400,
    });
    await call("PUT /api/orders/{id}/address", { token, params: { id: orderId + 1 }, body: corrected, status: 404 });
    // Not sent by Melhor Envio: no label, nothing to follow (order-labels.test.ts buys one from its fake).
    await call("POST /api/orders/{id}/label", { token, params: { id: orderId }, status: 409 });
    await call("GET /api/orders/{id}/tracking", { token, params: { id: orderId }, status: 404 });
    await call("POST /api/orders/{id}/tracking/refresh", { token, params: { id: orderId }, status: 404 });
    await call("POST /api/payments/mercadopago/webhook", { query: "?data.id=123&type=payment", status: 401 });

    // Notas fiscais switched off: nothing is asked of Focus NFe (its answers: server/modules/fiscal/fiscal-notes.test.ts).
    const fiscal = (await call("GET /api/fiscal/settings", { token })).json<Record<string, Json>>();
    const fiscalBody = { ...fiscal, cnpj: "11.222.333/0001-81", state_registration: "ISENTO", uf: "SP" };
    await call("PUT /api/fiscal/settings", { token, body: fiscalBody });
    await call("PUT /api/fiscal/settings", { token, body: { ...fiscalBody, cnpj: "123" }, status: 400 });
    await call("GET /api/fiscal/settings", { status: 401 });
    await call("POST /api/fiscal/settings/test", { token, status: 400 });
    await call("GET /api/fiscal/orders/{id}/note", { token, params: { id: orderId } });
    await call("POST /api/fiscal/orders/{id}/note", { token, params: { id: orderId }, status: 400 });
    await call("POST /api/fiscal/orders/{id}/note/cancel", {
      token,
      params: { id: orderId },
      body: { justification: "Cliente desistiu da compra" },
      status: 404,
    });
    await call("POST /api/fiscal/orders/{id}/note/correction", {
      token,
      params: { id: orderId },
      body: { correction: "curta" },
      status: 400,
    });
    await call("GET /api/fiscal/notes/{id}/files/{kind}", { token, params: { id: 1, kind: "danfe" }, status: 404 });
    await call("GET /api/fiscal/export", { token, query: "?month=2026-12" });
    await call("GET /api/fiscal/export", { token, query: "?month=2026-13", status: 400 });
    await call("POST /api/fiscal/webhook", { body: {}, status: 401 });
    await call("POST /api/fiscal/webhook", {
      body: { ref: "pedido-1", status: "autorizado" },
      headers: { "content-length": String(1024 * 1024) },
      status: 413,
    });

    // Members: a plan, a member registered, a proposal approved with its first due paid, a card verified.
    const plan = { name: "Mensal", amount_cents: 4990, cycle: "mensal", due_day: 10, grace_days: 5, suspend_after: 2 };
    const reminders = (await call("GET /api/members/settings", { token })).json<Json>();
    await call("PUT /api/members/settings", { token, body: reminders });
    await call("PUT /api/members/settings", { token, body: { reminders: { before: { days: [99] } } }, status: 400 });
    const planId = (await call("POST /api/members/plans", { token, body: plan })).json<{ id: number }>().id;
    await call("POST /api/members/plans", { token, body: plan, status: 409 });
    await call("GET /api/members/plans", { token });
    await call("GET /api/members/plans/{id}", { token, params: { id: planId } });
    await call("PUT /api/members/plans/{id}", {
      token,
      params: { id: planId },
      body: { ...plan, due_day: 32 },
      status: 400,
    });
    await call("PUT /api/members/plans/{id}", { token, params: { id: planId }, body: { ...plan, active: true } });
    const address = {
      postal_code: "01310-100",
      uf: "SP",
      city: "São Paulo",
      street: "Avenida Paulista",
      number: "1000",
    };
    const person = {
      kind: "pessoa",
      name: "Bia",
      tax_id: "111.444.777-35",
      email: "bia@coop.test",
      phone: "(11) 98765-4321",
      address,
      plan_id: planId,
    };
    const memberId = (await call("POST /api/members", { token, body: person })).json<{ member: { id: number } }>()
      .member.id;
    await call("POST /api/members", { token, body: person, status: 409 });
    await call("GET /api/members", { token, query: "?status=ativo" });
    const registerCsv = String((await call("GET /api/members/export.csv", { token, query: "?q=bia" })).body);
    await call("POST /api/members/import/preview", { token, body: { csv: registerCsv } });
    await call("POST /api/members/import", { token, body: { csv: registerCsv } });
    await call("POST /api/members/import", { token, body: { csv: "" }, status: 400 });
    await call("GET /api/members/{id}", { token, params: { id: memberId } });
    await call("PUT /api/members/{id}", { token, params: { id: memberId }, body: { ...person, name: "Bia Lima" } });
    await call("DELETE /api/members/plans/{id}", { token, params: { id: planId }, status: 409 });
    await call("POST /api/members/applications", { body: { ...person, consent: true }, status: 404 });
    await call("GET /api/members/offered-plans", { status: 404 });
    const members = { ...settings.features.members, enabled: true };
    await call("POST /api/settings", {
      token,
      body: { ...settings, features: { ...settings.features, posts, members } },
    });
    await call("GET /api/members/offered-plans");
    const dora = await t.createUser("user", token, "dora@coop.test");
    const applicant = { ...person, tax_id: "123.456.789-09", email: dora.email, consent: true };
    await call("POST /api/members/applications", { token: dora.token, body: applicant });
    const proposalId = (await call("GET /api/members", { token, query: "?status=proposta" })).json<{
      data: { id: number }[];
    }>().data[0]?.id;
    await call("POST /api/members/{id}/status", {
      token,
      params: { id: proposalId ?? 0 },
      body: { status: "suspenso" },
      status: 409,
    });
    const approved = await call("POST /api/members/{id}/status", {
      token,
      params: { id: proposalId ?? 0 },
      body: { status: "ativo" },
    });
    const dueId = approved.json<{ dues: { id: number }[] }>().dues[0]?.id ?? 0;
    await call("POST /api/members/{id}/dues/{due}/waiver", {
      token,
      params: { id: proposalId ?? 0, due: dueId },
      body: {},
      status: 400,
    });
    const paid = { paid_on: "2026-12-04", note: "" };
    await call("POST /api/members/{id}/dues/{due}/payment", {
      token,
      params: { id: proposalId ?? 0, due: dueId },
      body: paid,
    });
    await call("POST /api/members/{id}/dues/{due}/payment", {
      token,
      params: { id: proposalId ?? 0, due: dueId },
      body: paid,
      status: 409,
    });
    await call("GET /api/members/dashboard", { token });
    await call("GET /api/members/dues/{due}/receipt", { token, params: { due: dueId } });
    await call("GET /api/members/dues/{due}/receipt", { token: dora.token, params: { due: 999 }, status: 404 });
    await call("POST /api/members/dues/run", { token });
    const mine = await call("GET /api/members/me", { token: dora.token });
    const card = mine.json<{ membership: { verification_path: string } | null }>().membership?.verification_path ?? "";
    await call("GET /api/members/verify/{code}", { params: { code: card.split("/").pop() ?? "" } });
    await call("GET /api/members/verify/{code}", { params: { code: "x".repeat(22) }, status: 404 });
    await call("DELETE /api/members/{id}", { token, params: { id: memberId } });
    await call("POST /api/members/asaas/webhook", { body: { id: "evt_1", event: "PAYMENT_RECEIVED" }, status: 401 });

    const image = asFile(await makeImage("png", 40, 30), "foto.png", "image/png");
    await call("POST /api/uploads/images", { token, form: formWith(image) });
    await call("POST /api/uploads/images", { form: formWith(image), status: 401 });
    const pdf = asFile(makePdf(), "ata.pdf", "application/pdf");
    await call("POST /api/uploads/documents", { token, form: formWith(pdf) });
    await call("POST /api/uploads/documents", { form: formWith(pdf), status: 401 });
    const text = asFile(new TextEncoder().encode("texto"), "ata.pdf");
    await call("POST /api/uploads/documents", { token, form: formWith(text), status: 400 });

    const wordpressForm = new FormData();
    wordpressForm.append(
      "export",
      asFile(new Uint8Array(readFileSync("tests/fixtures/wordpress/site.xml")), "site.xml", "text/xml"),
    );
    wordpressForm.append("files", "none");
    const imported = await call("POST /api/wordpress-imports", { token, form: wordpressForm });
    const importId = imported.json<{ id: number }>().id;
    await call("POST /api/wordpress-imports", { form: wordpressForm, status: 401 });
    await call("GET /api/wordpress-imports", { token });
    await call("GET /api/wordpress-imports/{id}", { token, params: { id: importId } });
    await call("POST /api/wordpress-imports/{id}/start", { token, params: { id: importId } });
    await t.services.wordpress.settle();
    await call("POST /api/wordpress-imports/{id}/start", { token, params: { id: importId }, status: 409 });

    await call("GET /api/search", { query: "?q=cooperativas" });
    await call("GET /api/search", { query: "?per_page=500", status: 400 });

    await call("GET /api/settings/security", { token });
    await call("GET /api/audit", { token, query: "?record_kind=page" });
    await call("GET /api/audit", { token, query: "?record_id=1", status: 400 });
    await call("GET /api/audit/export.csv", { token, query: "?action=page.created" });
    await call("DELETE /api/users/{id}", { token, params: { id: userId } });
    await call("POST /api/auth/logout", { token });
    await call("GET /api/profile", { token, status: 401 });

    const documented = operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
    expect([...exercised].sort()).toEqual(documented.sort());
  });
});
