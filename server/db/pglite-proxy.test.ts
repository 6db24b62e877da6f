import { MessageChannel } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pages } from "../modules/content/tables.ts";
import { type EmbeddedDatabase, openPglite } from "./client.ts";
import { proxiedPglite } from "./pglite-proxy.ts";

let owner: EmbeddedDatabase;
const channel = new MessageChannel();
const proxied = proxiedPglite(channel.port2);

beforeAll(async () => {
  owner = await openPglite({});
  await owner.migrate();
  owner.answerProxiedQueries(channel.port1);
});
afterAll(async () => {
  channel.port1.close();
  await owner.close();
});

describe("the embedded database read from another thread", () => {
  it("gives Drizzle the same rows as the owning thread does", async () => {
    await owner.db.insert(pages).values({
      title: "Sobre",
      slug: "sobre",
      tags: ["cooperativa", "história"],
      documents: [{ name: "Estatuto", url: "/files/estatuto.pdf", size: 1024, mime_type: "application/pdf" }],
      status: "published",
    });
    const direct = await owner.db.select().from(pages).where(eq(pages.slug, "sobre"));
    const remote = await proxied.db.select().from(pages).where(eq(pages.slug, "sobre"));
    expect(remote).toEqual(direct);
    expect(remote[0]?.createdAt).toBeInstanceOf(Date);
    expect(remote[0]?.tags).toEqual(["cooperativa", "história"]);

    const raw = sql`select '2026-11-23 10:30:00-03'::timestamptz as at, 12.5::numeric as amount, 5::int8 as big, null as nothing, 'ação' as text`;
    const rowsOf = async (database: typeof owner.db) => ((await database.execute(raw)) as { rows: unknown[] }).rows;
    expect(await rowsOf(proxied.db)).toEqual(await rowsOf(owner.db));
  });

  it("fails a query with the database's own error, and refuses transactions", async () => {
    const failure = await proxied.db.execute(sql`select * from missing_table`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const cause = (failure as Error & { cause?: { code?: string } }).cause;
    expect(cause?.code).toBe("42P01");
    await expect(proxied.db.transaction(async () => {})).rejects.toThrow("only reads");
  });
});
