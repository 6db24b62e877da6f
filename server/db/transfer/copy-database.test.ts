import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cartCookie, RECIFE_CHECKOUT } from "../../../tests/support/shop-fixture.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import { createHttpApp } from "../../http/app.ts";
import { queryRows } from "../sql.ts";
import { copyDatabase } from "./copy-database.ts";
import { loadRows } from "./load.ts";
import { readSnapshot } from "./snapshot.ts";
import { orderTables } from "./table-order.ts";
import { createEmptyDatabase, fillEveryKindOfRow, sequenceStates, tableContents } from "./test-support.ts";

const t = withTestServices();

describe("copying a database into an empty one", () => {
  it("copies every row of every table exactly, with every sequence, and the copy goes on numbering", async () => {
    await fillEveryKindOfRow(t.services, t.database.db);
    const source = await tableContents(t.database.db);
    // A table this fixture leaves empty is a table nobody checked: fill it in fillEveryKindOfRow.
    expect(
      Object.entries(source)
        .filter(([, rows]) => rows.length === 0)
        .map(([name]) => name),
    ).toEqual([]);

    const target = await createEmptyDatabase();
    try {
      const summary = await copyDatabase(t.database, target);
      expect(Object.fromEntries(summary.tables.map((table) => [table.name, table.rows]))).toEqual(
        Object.fromEntries(Object.entries(source).map(([name, rows]) => [name, rows.length])),
      );
      expect(await tableContents(target.db)).toEqual(source);
      expect(await sequenceStates(target.db)).toEqual(await sequenceStates(t.database.db));

      // The copy hands out the next order number and ids without colliding with a copied row.
      const [last] = await queryRows(
        target.db,
        sql`SELECT max(number)::int AS number FROM orders`,
        z.object({ number: z.number() }),
      );
      const services = createTestServices(target);
      const app = createHttpApp(services);
      const login = await app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.9" },
        body: JSON.stringify({ email: "maria@example.com", password: "senha-forte-1" }),
      });
      const { token } = (await login.json()) as { token: string };
      const item = JSON.parse(source.order_items?.[0] ?? "{}") as { product_id: number; variant_id: number };
      const placed = await app.request("/api/shop/checkout", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Token ${token}`,
          cookie: cartCookie([{ product_id: item.product_id, variant_id: item.variant_id, quantity: 1 }]),
        },
        body: JSON.stringify({ ...RECIFE_CHECKOUT, neighborhood: "Boa Vista", idempotency_key: randomUUID() }),
      });
      expect(placed.status, await placed.clone().text()).toBe(201);
      const { order } = (await placed.json()) as { order: { number: number } };
      expect(order.number).toBe((last?.number ?? 0) + 1);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it("refuses a target that already has rows, and leaves it as it was", async () => {
    await fillEveryKindOfRow(t.services, t.database.db);
    const target = await createEmptyDatabase();
    try {
      await target.migrate();
      await target.db.execute(sql`INSERT INTO contacts (name, email, message) VALUES ('X', 'x@example.com', 'oi')`);
      await expect(copyDatabase(t.database, target)).rejects.toThrow(
        "The target database is not empty: these tables have rows: contacts",
      );
      expect((await tableContents(target.db)).users).toEqual([]);
    } finally {
      await target.drop();
    }
  }, 120_000);

  it("refuses a source whose migrations are not the code's", async () => {
    // As if a newer version of the CMS had migrated it.
    const newer = sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('newer', 9999999999999)`;
    await t.database.db.execute(newer);
    const target = await createEmptyDatabase();
    try {
      await expect(copyDatabase(t.database, target)).rejects.toThrow(
        /migrations of the source database differ from this code's \(\d+ applied there, \d+ in this code\)\. It was made by a newer version/,
      );
    } finally {
      await target.drop();
      await t.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'newer'`);
    }
  }, 120_000);
});

describe("values of every kind", () => {
  it("arrive exactly: bytea, numeric scale, bigint past 2^53, microseconds, arrays, jsonb numbers, NaN, a cycle of rows", async () => {
    const table = sql`CREATE TABLE odd_values (
      id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
      parent_id bigint REFERENCES odd_values (id),
      bytes bytea, amount numeric(12, 4), big bigint, at timestamptz, plain timestamp, day date,
      words text[], roles user_role[], doc jsonb, ratio double precision, flag boolean,
      shout text GENERATED ALWAYS AS (upper(words[1])) STORED
    )`;
    await t.database.db.execute(table);
    await t.database.db.execute(sql`INSERT INTO odd_values (bytes, amount, big, at, plain, day, words, roles, doc, ratio, flag) VALUES
      ('\\x00ff10'::bytea, 1.1000, 9007199254740993, '2026-11-24 10:11:12.123456-03', '2026-01-02 03:04:05.678901',
       '2026-02-28', ARRAY['a "quoted", word', NULL, 'ção\\n'], ARRAY['admin', 'super']::user_role[],
       '{"n": 1.10, "big": 12345678901234567890, "list": [null, "x"]}', 'NaN', true),
      (NULL, NULL, -1, 'infinity', NULL, NULL, '{}', NULL, '"just a string"', 1e-300, NULL)`);
    // Two rows referring to each other: no order of inserts would satisfy a key checked row by row.
    await t.database.db.execute(sql`UPDATE odd_values SET parent_id = 3 - id`);
    const target = await createEmptyDatabase();
    try {
      await target.migrate();
      await target.db.execute(table);
      await readSnapshot(t.database, (snapshot) => loadRows(target, snapshot));
      const source = await tableContents(t.database.db);
      expect(source.odd_values).toHaveLength(2);
      expect(await tableContents(target.db)).toEqual(source);
      expect(await sequenceStates(target.db)).toEqual(await sequenceStates(t.database.db));
    } finally {
      await target.drop();
      await t.database.db.execute(sql`DROP TABLE odd_values`);
    }
  }, 60_000);
});

describe("the order tables are loaded in", () => {
  it("puts referenced tables first and refuses a cycle between tables", () => {
    const order = orderTables([
      { name: "order_items", references: ["orders", "products"] },
      { name: "orders", references: ["users"] },
      { name: "users", references: [] },
      { name: "products", references: [] },
    ]);
    expect(order.map(({ name }) => name)).toEqual(["products", "users", "orders", "order_items"]);
    expect(() =>
      orderTables([
        { name: "a", references: ["b"] },
        { name: "b", references: ["a"] },
      ]),
    ).toThrow("form a cycle, which cannot be copied in any order: a, b");
  });
});
