import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { couponSchema } from "../common/schemas/coupons.ts";
import { shopSettingsSchema } from "../common/schemas/shop.ts";
import { type Database, openPglite, openPostgres } from "../server/db/client.ts";
import { openPgliteFolder } from "../server/db/pglite-template.ts";
import { createEmptyPostgres } from "../server/db/transfer/test-support.ts";
import { auditEntries } from "../server/modules/audit/tables.ts";
import { shopSettings } from "../server/modules/shop/tables.ts";
import { runScript, withTempFolders } from "../tests/support/run-script.ts";
import { createTestServices } from "../tests/support/test-services.ts";
import { commandActorName } from "./record-audit.ts";

/*
 * `npm run backup` and `npm run restore` are in the audit log: a backup in the database it saved, once
 * written; a restore in the restored database, after every table (the log's too) was replaced by the
 * backup's. On the engine the tests run on: the embedded database, or PostgreSQL with TEST_DATABASE_URL.
 */

const folder = withTempFolders();
const drops: (() => Promise<void>)[] = [];
// Registered after the folders' removal, so run before it.
afterAll(() => Promise.all(drops.map((drop) => drop())));

/** A site to back up or restore into: an embedded data folder, or a PostgreSQL database of its own. */
type Site = { env: Record<string, string>; open(): Promise<Database> };

async function newSite(prefix: string): Promise<Site> {
  const dataDir = await folder(prefix);
  if (inject("databaseTemplate").engine === "pglite")
    return { env: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir: path.join(dataDir, "db") }) };
  const created = await createEmptyPostgres();
  drops.push(created.drop);
  return { env: { DATA_DIR: dataDir, DATABASE_URL: created.url }, open: () => openPostgres(created.url) };
}

async function entriesOf(site: Site) {
  const database = await site.open();
  try {
    return await database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));
  } finally {
    await database.close();
  }
}

/** A new site's database, migrated, opened as its server would (a new embedded folder, or its PostgreSQL database). */
async function migrated(site: Site): Promise<Database> {
  const opened =
    inject("databaseTemplate").engine === "pglite"
      ? await openPgliteFolder(path.join(site.env.DATA_DIR ?? "", "db"))
      : await site.open();
  await opened.migrate();
  return opened;
}

const admin = { id: 4, name: "Ana", email: "ana@example.com", role: "admin" } as const;

describe("npm run backup and npm run restore", () => {
  it("are each an entry of the audit log, with the backup's file", async () => {
    const source = await newSite("cms-backup-audit-");
    const opened = await migrated(source);
    try {
      await createTestServices(opened).coupons.create(
        admin,
        couponSchema.parse({ code: "FEIRA", kind: "percent", percent: 10 }),
      );
    } finally {
      await opened.close();
    }

    const output = path.join(await folder("cms-backup-audit-out-"), "copia.tar.gz");
    const backup = await runScript("backup.ts", [output], source.env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const [coupon, backedUp, ...more] = await entriesOf(source);
    expect(more).toEqual([]);
    expect(coupon).toMatchObject({ action: "coupon.created", actorName: "Ana" });
    expect(backedUp).toMatchObject({
      action: "backup.created",
      recordKind: "backup",
      actorId: null,
      actorName: commandActorName("npm run backup"),
      recordLabel: "copia.tar.gz",
      address: null,
    });
    // Facts of an event, not changes of a record (the audit screen reads them as "Arquivo: …").
    expect(backedUp?.details).toMatchObject({
      Arquivo: output,
      Conteúdo: expect.stringMatching(/^\d+ tables, \d+ rows, 0 files$/),
    });

    const target = await newSite("cms-restore-audit-");
    const restored = await runScript("restore.ts", [output], target.env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    // The backup holds the log as it was when its snapshot was read: before its own entry.
    const [kept, restoredEntry, ...others] = await entriesOf(target);
    expect(others).toEqual([]);
    expect(kept).toEqual(coupon);
    expect(restoredEntry).toMatchObject({
      action: "backup.restored",
      actorId: null,
      actorName: commandActorName("npm run restore"),
      recordLabel: "copia.tar.gz",
    });
    expect(restoredEntry?.details).toEqual({
      Arquivo: output,
      "Feita em": expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  }, 180_000);

  it("seals the secrets a stopped site still holds in clear before it writes them, once SECRETS_KEY is set", async () => {
    const source = await newSite("cms-backup-seal-");
    const clear = "SEGREDO-melhor-envio-f1";
    const opened = await migrated(source);
    try {
      // Saved before the key was set: in clear.
      await createTestServices(opened).shop.updateSettings(
        admin,
        shopSettingsSchema.parse({
          legal_name: "Cooperativa Boa Terra",
          origin_postal_code: "50010-000",
          shipping: { melhor_envio: { enabled: false, token: clear, services: [1] } },
        }),
      );
    } finally {
      await opened.close();
    }
    const output = path.join(await folder("cms-backup-seal-out-"), "selado.tar.gz");
    const key = randomBytes(32).toString("base64");
    const backup = await runScript("backup.ts", [output], { ...source.env, SECRETS_KEY: key });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    // What the backup copied: the row as the command left it (pg_dump's archive is compressed, so the
    // archive's own bytes are read on the embedded database only).
    const database = await source.open();
    try {
      const [row] = await database.db.select({ shipping: shopSettings.shipping }).from(shopSettings);
      expect(row?.shipping.melhor_envio?.token).toMatch(/^cms-secret:v1:/);
    } finally {
      await database.close();
    }
    if (inject("databaseTemplate").engine === "pglite") {
      const archive = gunzipSync(await fs.readFile(output)).toString("latin1");
      expect(archive).not.toContain(clear);
      expect(archive).toContain("cms-secret:v1:");
    }
  }, 180_000);
});
