import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type ProductInput, productSchema } from "../../../common/schemas/product.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import type { Actor } from "../../kernel/access.ts";
import { auditEntries } from "../audit/tables.ts";
import { productVariants } from "./tables.ts";

/*
 * Every administrative write to the catalogue leaves one audit entry in its own transaction: who, which
 * product, and the fields that changed, each variant's price and stock among them.
 */

const t = withTestServices();

const admin: Actor = { id: 7, name: "Ana Admin", email: "ana@example.com", role: "admin" };

const shirt = (over: Record<string, unknown> = {}): ProductInput =>
  productSchema.parse({
    name: "Camiseta",
    status: "published",
    options: [
      { name: "Tamanho", values: ["P", "M"] },
      { name: "Cor", values: ["Azul"] },
    ],
    variants: [
      { options: ["P", "Azul"], sku: "CAM-P", price_cents: 4990, stock: 3 },
      { options: ["M", "Azul"], sku: "CAM-M", price_cents: 5290, stock: 10 },
    ],
    ...over,
  });

const entries = () => t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

describe("the catalogue's audit entries", () => {
  it("names who created a product, and every variant's price and stock as it started", async () => {
    const created = await t.services.products.create(admin, shirt());
    const [entry, ...more] = await entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: "product.created",
      recordKind: "product",
      recordId: String(created.id),
      recordLabel: "Camiseta",
      actorId: admin.id,
      actorName: "Ana Admin",
    });
    expect(entry?.changes).toMatchObject({
      Nome: { before: null, after: "Camiseta" },
      Situação: { before: null, after: "Publicado" },
      "Variação P/Azul: preço": { before: null, after: "R$ 49,90" },
      "Variação P/Azul: estoque": { before: null, after: 3 },
      "Variação M/Azul: preço": { before: null, after: "R$ 52,90" },
      "Variação M/Azul: SKU": { before: null, after: "CAM-M" },
    });
  });

  it("shows a price and a stock changed as their before and after, and nothing that stayed", async () => {
    const created = await t.services.products.create(admin, shirt());
    const [small, medium] = created.variants;
    await t.services.products.update(
      admin,
      created.id,
      shirt({
        variants: [
          { id: small?.id, options: ["P", "Azul"], sku: "CAM-P", price_cents: 1, stock: 3 },
          { id: medium?.id, options: ["M", "Azul"], sku: "CAM-M", price_cents: 5290, stock: 25 },
        ],
      }),
    );
    const updated = (await entries()).at(-1);
    expect(updated).toMatchObject({ action: "product.updated", recordId: String(created.id), actorId: admin.id });
    expect(updated?.changes).toEqual({
      "Variação P/Azul: preço": { before: "R$ 49,90", after: "R$ 0,01" },
      "Variação M/Azul: estoque": { before: 10, after: 25 },
    });
  });

  it("names a product without options' price and stock plainly, and a variant added or removed", async () => {
    const created = await t.services.products.create(
      admin,
      productSchema.parse({ name: "Mel", status: "draft", variants: [{ price_cents: 2500, stock: 4 }] }),
    );
    await t.services.products.update(
      admin,
      created.id,
      productSchema.parse({
        name: "Mel silvestre",
        status: "draft",
        variants: [{ id: created.variants[0]?.id, price_cents: 2700, compare_at_cents: 3000, stock: 4 }],
      }),
    );
    expect((await entries()).at(-1)?.changes).toEqual({
      Nome: { before: "Mel", after: "Mel silvestre" },
      Slug: { before: "mel", after: "mel-silvestre" },
      Preço: { before: "R$ 25,00", after: "R$ 27,00" },
      "Preço “de”": { before: null, after: "R$ 30,00" },
    });
    const sizes = await t.services.products.create(admin, shirt({ name: "Boné" }));
    await t.services.products.update(
      admin,
      sizes.id,
      shirt({
        name: "Boné",
        variants: [{ id: sizes.variants[1]?.id, options: ["M", "Azul"], sku: "CAM-M", price_cents: 5290, stock: 10 }],
      }),
    );
    expect((await entries()).at(-1)?.changes).toEqual({
      "Variação P/Azul: SKU": { before: "CAM-P", after: null },
      "Variação P/Azul: preço": { before: "R$ 49,90", after: null },
      "Variação P/Azul: estoque": { before: 3, after: null },
    });
  });

  it("names the product's and each variant's fiscal data as the form does", async () => {
    const created = await t.services.products.create(admin, shirt());
    const [small, medium] = created.variants;
    await t.services.products.update(
      admin,
      created.id,
      shirt({
        fiscal: { ncm: "61091000", origin: "0", tax_situation: "102", unit: "UN" },
        variants: [
          { id: small?.id, options: ["P", "Azul"], sku: "CAM-P", price_cents: 4990, stock: 3 },
          {
            id: medium?.id,
            options: ["M", "Azul"],
            sku: "CAM-M",
            price_cents: 5290,
            stock: 10,
            fiscal: { gtin: "7891234567895" },
          },
        ],
      }),
    );
    expect((await entries()).at(-1)?.changes).toEqual({
      NCM: { before: null, after: "61091000" },
      Origem: { before: null, after: 0 },
      "CSOSN/CST": { before: null, after: "102" },
      Unidade: { before: null, after: "UN" },
      "Variação M/Azul: GTIN": { before: null, after: "7891234567895" },
    });
  });

  it("records a deletion with what the product was, and an archive as its status changed", async () => {
    const gone = await t.services.products.create(admin, shirt({ name: "Some" }));
    expect(await t.services.products.remove(admin, gone.id)).toBe("deleted");
    const deleted = (await entries()).at(-1);
    expect(deleted).toMatchObject({ action: "product.deleted", recordId: String(gone.id), recordLabel: "Some" });
    expect(deleted?.changes).toMatchObject({
      Nome: { before: "Some", after: null },
      "Variação P/Azul: estoque": { before: 3, after: null },
    });

    const kept = await t.services.products.create(admin, shirt({ name: "Fica" }));
    await t.database.db.execute(sql`create table held_products (product_id integer not null references products(id))`);
    try {
      await t.database.db.execute(sql`insert into held_products values (${kept.id})`);
      expect(await t.services.products.remove(admin, kept.id)).toBe("archived");
    } finally {
      await t.database.db.execute(sql`drop table held_products`);
    }
    const archived = (await entries()).at(-1);
    expect(archived).toMatchObject({ action: "product.deleted", recordId: String(kept.id), actorName: "Ana Admin" });
    expect(archived?.changes).toEqual({ Situação: { before: "Publicado", after: "Arquivado" } });
    expect(archived?.details).toEqual({ Resultado: "Arquivado em vez de excluído: há pedidos com este produto" });
  });

  it("leaves no entry, and no change, when the write's transaction is rolled back", async () => {
    const created = await t.services.products.create(admin, shirt());
    const before = await entries();
    await expect(
      t.services.transaction(async (tx) => {
        await tx.products.update(admin, created.id, shirt({ name: "Desfeita" }));
        await tx.products.remove(admin, created.id);
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries()).toEqual(before);
    const stock = await t.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, created.id));
    expect(stock).toHaveLength(2);
  });
});
