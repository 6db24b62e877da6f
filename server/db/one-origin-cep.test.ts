import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "../../common/zod.ts";
import { SUPER } from "../../tests/support/test-app.ts";
import { withTestApp } from "../../tests/support/with-test-app.ts";
import { migrationsFolder } from "./client.ts";
import { queryRows } from "./sql.ts";

const t = withTestApp();

/**
 * Migration 0008 keeps one "CEP de origem", the shop's. It is run here again over a database put back the
 * way 0007 left it: the settings' own column, holding a CEP typed in /conta/settings.
 */
async function settingsWithTheirOwnCep(cep: string) {
  await t.database.db.execute(sql`ALTER TABLE settings ADD COLUMN origin_postal_code text NOT NULL DEFAULT ''`);
  await t.database.db.execute(sql`UPDATE settings SET origin_postal_code = ${cep}`);
}

async function migrateToOneCep() {
  const migration = await readFile(path.join(migrationsFolder, "0008_one_origin_cep.sql"), "utf8");
  for (const statement of migration.split("--> statement-breakpoint")) await t.database.db.execute(sql.raw(statement));
}

const shopCep = async () =>
  (await t.request("GET", "/api/shop/settings", { token: await t.login(SUPER.email, SUPER.password) })).json<{
    origin_postal_code: string | null;
  }>().origin_postal_code;

describe("one CEP de origem", () => {
  it("answers the site's settings without a CEP of their own", async () => {
    await t.setupSite();
    expect(Object.keys((await t.request("GET", "/api/settings")).json<object>())).not.toContain("origin_postal_code");
  });

  it("moves a CEP typed only in the site's settings to the shop, which had none", async () => {
    await t.setupSite();
    await settingsWithTheirOwnCep("50010000");
    await migrateToOneCep();
    expect(await shopCep()).toBe("50010000");
    const columns = await queryRows(
      t.database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'settings'`,
      z.object({ column_name: z.string() }),
    );
    expect(columns.map((row) => row.column_name)).not.toContain("origin_postal_code");
  });

  it("keeps the shop's own CEP when both had one", async () => {
    const token = await t.setupSite();
    const saved = await t.request("PUT", "/api/shop/settings", {
      token,
      body: { legal_name: "Cooperativa", origin_postal_code: "01001-000" },
    });
    expect(saved.status).toBe(200);
    await settingsWithTheirOwnCep("50010000");
    await migrateToOneCep();
    expect(await shopCep()).toBe("01001000");
  });
});
