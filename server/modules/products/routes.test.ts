import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import { EMPTY_ITEM_FISCAL, GTIN_MESSAGE, NCM_MESSAGE } from "../../../common/schemas/fiscal.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp();

type ErrorBody = { message: string; errors?: Record<string, string[]> };
type Settings = { features: Record<"shop", { enabled: boolean }> };

let token = "";

async function setShop(enabled: boolean) {
  const settings = (await t.request("GET", "/api/settings")).json<Settings>();
  settings.features.shop.enabled = enabled;
  expect((await t.request("POST", "/api/settings", { token, body: settings })).status).toBe(200);
}

const simple = (fields: Record<string, unknown>) => ({
  status: "published",
  variants: [{ price_cents: 1290, stock: 5 }],
  ...fields,
});

const shirt = {
  name: "Camiseta da cooperativa",
  status: "published",
  tags: ["vestuário"],
  options: [{ name: "Tamanho", values: ["P", "M", "G"] }],
  variants: [
    { options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3 },
    { options: ["M"], sku: "CAM-M", price_cents: 5290, compare_at_cents: 5990, stock: 10 },
    { options: ["G"], sku: "CAM-G", price_cents: 5490, stock: 0 },
  ],
  weight_grams: 250,
};

async function create(body: Record<string, unknown>): Promise<ProductView> {
  const response = await t.request("POST", "/api/products", { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.json<ProductView>();
}

const list = async (query = "") => (await t.request("GET", `/api/products${query}`)).json<Paginated<ProductView>>();
const names = async (query = "") => (await list(query)).data.map((product) => product.name);

beforeEach(async () => {
  token = await t.setupSite();
  await setShop(true);
});

describe("products with variants", () => {
  it("keeps one variant per size with its own price, SKU and stock, and shows the cheapest price", async () => {
    const created = await create(shirt);
    expect(created.slug).toBe("camiseta-da-cooperativa");
    expect(created.url).toBe("/loja/camiseta-da-cooperativa");
    expect(
      created.variants.map((variant) => [variant.options, variant.sku, variant.price_cents, variant.stock]),
    ).toEqual([
      [["P"], "CAM-P", 4990, 3],
      [["M"], "CAM-M", 5290, 10],
      [["G"], "CAM-G", 5490, 0],
    ]);
    expect(created.price_cents).toBe(4990);
    expect(created.in_stock).toBe(true);
    const read = (await t.request("GET", `/api/products/${created.slug}`)).json<ProductView>();
    expect(read.variants[1]?.compare_at_cents).toBe(5990);
  });

  it("keeps the ids of the variants sent back on an edit, so carts still find them", async () => {
    const created = await create(shirt);
    const [p, m] = created.variants;
    const body = {
      ...shirt,
      variants: [
        { id: m?.id, options: ["M"], sku: "CAM-M", price_cents: 5000, stock: 2 },
        { id: p?.id, options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3 },
      ],
    };
    const updated = (await t.request("PUT", `/api/products/${created.id}`, { token, body })).json<ProductView>();
    expect(updated.variants.map((variant) => [variant.id, variant.options[0], variant.price_cents])).toEqual([
      [m?.id, "M", 5000],
      [p?.id, "P", 4990],
    ]);
    const other = await create(simple({ name: "Boné" }));
    const foreign = await t.request("PUT", `/api/products/${created.id}`, {
      token,
      body: { ...shirt, variants: [{ id: other.variants[0]?.id, options: ["P"], price_cents: 1, stock: 1 }] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json<ErrorBody>().message).toBe("Esta variação não pertence ao produto.");
  });

  it("shows Esgotado when no variant has stock", async () => {
    const booklet = await create(simple({ name: "Cartilha", variants: [{ price_cents: 1500, stock: 0 }] }));
    expect(booklet.in_stock).toBe(false);
    await create(simple({ name: "Boné" }));
    expect(await names("?stock=out_of_stock")).toEqual(["Cartilha"]);
    expect(await names("?stock=in_stock")).toEqual(["Boné"]);
    expect((await list()).data.find((product) => product.name === "Cartilha")?.in_stock).toBe(false);
  });

  it("refuses bad prices, quantities and combinations with Portuguese messages", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [
        simple({ name: "A", variants: [{ price_cents: -1, stock: 1 }] }),
        "variants.0.price_cents",
        "O valor não pode ser negativo",
      ],
      [
        simple({ name: "A", variants: [{ price_cents: 10 ** 12, stock: 1 }] }),
        "variants.0.price_cents",
        "O valor máximo é R$ 10.000.000,00",
      ],
      [
        simple({ name: "A", variants: [{ price_cents: 100, stock: 10 ** 9 }] }),
        "variants.0.stock",
        "No máximo 1.000.000",
      ],
      [
        simple({ name: "A", variants: [{ price_cents: 100, compare_at_cents: 90, stock: 1 }] }),
        "variants.0.compare_at_cents",
        'O preço "de" precisa ser maior que o preço de venda',
      ],
      [
        { ...shirt, variants: [{ options: ["XG"], price_cents: 100, stock: 1 }] },
        "variants.0.options.0",
        '"XG" não é um valor de Tamanho',
      ],
      [
        { ...shirt, variants: [{ options: [], price_cents: 100, stock: 1 }] },
        "variants.0.options",
        "Escolha um valor de cada opção (Tamanho)",
      ],
      [simple({ name: "A", summary: "x".repeat(161) }), "summary", "No máximo 160 caracteres"],
      [simple({ name: "A", slug: "carrinho" }), "slug", "Este endereço é usado pelo próprio site; escolha outro."],
    ];
    for (const [body, field, message] of refusals) {
      const response = await t.request("POST", "/api/products", { token, body });
      expect(response.status, field).toBe(400);
      expect(response.json<ErrorBody>().errors?.[field], field).toEqual([message]);
    }
  });

  it("keeps the product's fiscal data and each variant's own across edits, and shows them", async () => {
    const body = {
      ...shirt,
      fiscal: { ncm: "6109.10.00", origin: 0, tax_situation: "102", unit: "un", gtin: "" },
      variants: shirt.variants.map((variant, index) => ({
        ...variant,
        fiscal: index === 0 ? { ncm: "61091000", gtin: "7891234567895" } : {},
      })),
    };
    const response = await t.request("POST", "/api/products", { token, body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expectDocumented("post", "/api/products", response);
    const created = response.json<ProductView>();
    expect(created.fiscal).toEqual({ ncm: "61091000", origin: 0, tax_situation: "102", unit: "UN", gtin: null });
    expect(created.variants.map((variant) => variant.fiscal)).toEqual([
      { ...EMPTY_ITEM_FISCAL, ncm: "61091000", gtin: "7891234567895" },
      EMPTY_ITEM_FISCAL,
      EMPTY_ITEM_FISCAL,
    ]);

    // The rows come back in another order with their ids: each keeps its own GTIN, M gets one, P loses its NCM.
    const [p, m, g] = created.variants;
    const edit = {
      ...body,
      fiscal: { ...created.fiscal, origin: "2", unit: "" },
      variants: [
        { id: m?.id, options: ["M"], sku: "CAM-M", price_cents: 5290, stock: 10, fiscal: { gtin: "7891000000014" } },
        { id: p?.id, options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3, fiscal: { gtin: "7891234567895" } },
        { id: g?.id, options: ["G"], sku: "CAM-G", price_cents: 5490, stock: 0 },
      ],
    };
    const updated = await t.request("PUT", `/api/products/${created.id}`, { token, body: edit });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expectDocumented("put", "/api/products/{id}", updated);
    const read = (await t.request("GET", `/api/products/${created.id}`)).json<ProductView>();
    expect(read.fiscal).toEqual({ ncm: "61091000", origin: 2, tax_situation: "102", unit: null, gtin: null });
    expect(read.variants.map((variant) => [variant.id, variant.fiscal.gtin, variant.fiscal.ncm])).toEqual([
      [m?.id, "7891000000014", null],
      [p?.id, "7891234567895", null],
      [g?.id, null, null],
    ]);

    // A copy is another product: its GTINs are left for it, its NCM kept.
    const copy = (await t.request("POST", `/api/products/${created.id}/duplicate`, { token })).json<ProductView>();
    expect(copy.fiscal).toEqual({ ...read.fiscal, gtin: null });
    expect(copy.variants.map((variant) => variant.fiscal.gtin)).toEqual([null, null, null]);
  });

  it("refuses a bad NCM, GTIN, origin, CSOSN/CST or unit with the field's Portuguese message", async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [simple({ name: "A", fiscal: { ncm: "0901.11" } }), "fiscal.ncm", NCM_MESSAGE],
      [simple({ name: "A", fiscal: { gtin: "7891234567890" } }), "fiscal.gtin", GTIN_MESSAGE],
      [simple({ name: "A", fiscal: { origin: 9 } }), "fiscal.origin", "A origem da mercadoria vai de 0 a 8"],
      [
        simple({ name: "A", fiscal: { tax_situation: "101" } }),
        "fiscal.tax_situation",
        "Use um CSOSN (102, 103, 300, 400, 500) ou um CST (40, 41, 50, 60)",
      ],
      [
        simple({ name: "A", fiscal: { unit: "CAIXA-10" } }),
        "fiscal.unit",
        "A unidade comercial tem de 1 a 6 letras ou números (UN, KG, CX...)",
      ],
      [
        simple({ name: "A", variants: [{ price_cents: 100, stock: 1, fiscal: { gtin: "12345" } }] }),
        "variants.0.fiscal.gtin",
        GTIN_MESSAGE,
      ],
      [
        simple({ name: "A", variants: [{ price_cents: 100, stock: 1, fiscal: { ncm: "abc" } }] }),
        "variants.0.fiscal.ncm",
        NCM_MESSAGE,
      ],
    ];
    for (const [body, field, message] of refusals) {
      const response = await t.request("POST", "/api/products", { token, body });
      expect(response.status, field).toBe(400);
      expect(response.json<ErrorBody>().errors?.[field], field).toEqual([message]);
    }
  });

  it("refuses a SKU another product uses, with a 409", async () => {
    await create(shirt);
    const response = await t.request("POST", "/api/products", {
      token,
      body: simple({ name: "Outra", variants: [{ sku: "CAM-M", price_cents: 100, stock: 1 }] }),
    });
    expect(response.status).toBe(409);
    expect(response.json<ErrorBody>().message).toBe("Este SKU já está em uso em outro produto.");
  });
});

describe("the public catalogue", () => {
  it("sorts by most recent, best sellers and name, searches without accents and filters by tag", async () => {
    await create(simple({ name: "Café orgânico", tags: ["alimentos"] }));
    await create(simple({ name: "Açúcar mascavo", tags: ["alimentos"] }));
    await create(shirt);
    await create(simple({ name: "Rascunho secreto", status: "draft" }));
    await t.database.db.execute(sql`update products set units_sold = 7 where name = 'Açúcar mascavo'`);

    expect(await names()).toEqual(["Camiseta da cooperativa", "Açúcar mascavo", "Café orgânico"]);
    expect(await names("?sort=best_sellers")).toEqual(["Açúcar mascavo", "Camiseta da cooperativa", "Café orgânico"]);
    expect(await names("?sort=alphabetical_order")).toEqual([
      "Açúcar mascavo",
      "Café orgânico",
      "Camiseta da cooperativa",
    ]);
    expect(await names("?q=cafe")).toEqual(["Café orgânico"]);
    expect(await names("?tag=alimentos&sort=alphabetical_order")).toEqual(["Açúcar mascavo", "Café orgânico"]);
    const page2 = await list("?per_page=2&page=2");
    expect(page2.data.map((product) => product.name)).toEqual(["Café orgânico"]);
    expect(page2.pagination).toEqual({ total: 3, page: 2, per_page: 2 });
    expect((await t.request("GET", "/api/products?sort=cheapest")).status).toBe(400);
  });

  it("hides drafts from visitors and everything while the shop is off", async () => {
    const draft = await create(simple({ name: "Rascunho", status: "draft" }));
    expect((await t.request("GET", `/api/products/${draft.id}`)).status).toBe(404);
    expect((await t.request("GET", `/api/products/${draft.id}`, { token })).status).toBe(200);
    await setShop(false);
    const closed = await t.request("GET", "/api/products");
    expect(closed.status).toBe(404);
    expect(closed.json<ErrorBody>().message).toBe("A loja não está disponível.");
    expect((await t.request("GET", "/api/products", { token })).status).toBe(200);
  });
});

describe("administration", () => {
  it("lets only administrators write", async () => {
    const created = await create(shirt);
    const customer = await t.createUser("user", token);
    for (const who of [undefined, customer.token]) {
      const status = who ? 403 : 401;
      expect((await t.request("POST", "/api/products", { token: who, body: simple({ name: "X" }) })).status).toBe(
        status,
      );
      expect((await t.request("PUT", `/api/products/${created.id}`, { token: who, body: shirt })).status).toBe(status);
      expect((await t.request("POST", `/api/products/${created.id}/duplicate`, { token: who })).status).toBe(status);
      expect((await t.request("DELETE", `/api/products/${created.id}`, { token: who })).status).toBe(status);
    }
  });

  it("duplicates a product as a draft without its SKUs", async () => {
    const created = await create(shirt);
    const response = await t.request("POST", `/api/products/${created.id}/duplicate`, { token });
    expect(response.status).toBe(201);
    const copy = response.json<ProductView>();
    expect(copy.name).toBe("Camiseta da cooperativa (cópia)");
    expect(copy.slug).toBe("camiseta-da-cooperativa-copia");
    expect(copy.status).toBe("draft");
    expect(copy.variants.map((variant) => [variant.options, variant.sku, variant.price_cents])).toEqual([
      [["P"], "", 4990],
      [["M"], "", 5290],
      [["G"], "", 5490],
    ]);
  });

  it("deletes a product, and archives one that something still refers to, as orders will", async () => {
    const gone = await create(simple({ name: "Some" }));
    const deleted = await t.request("DELETE", `/api/products/${gone.id}`, { token });
    expect(deleted.json()).toEqual({ outcome: "deleted" });
    expect((await t.request("GET", `/api/products/${gone.id}`, { token })).status).toBe(404);

    const kept = await create(simple({ name: "Fica" }));
    await t.database.db.execute(
      sql`create table if not exists held_products (product_id integer not null references products(id))`,
    );
    await t.database.db.execute(sql`insert into held_products values (${kept.id})`);
    const archived = await t.request("DELETE", `/api/products/${kept.id}`, { token });
    expect(archived.json()).toEqual({ outcome: "archived" });
    expect((await t.request("GET", `/api/products/${kept.id}`, { token })).json<ProductView>().status).toBe("archived");
    expect((await t.request("GET", `/api/products/${kept.id}`)).status).toBe(404);
    await t.database.db.execute(sql`drop table held_products`);
  });
});
