import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { areaGraph, areaGraphTable, findCycle } from "./area-graph.ts";
import { AREA_NAMES } from "./area-names.ts";
import { areas } from "./areas.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * The tables an area may read without asking their owner, each for its reason (named read models). Keys
 * are files, values the folders whose tables they read. None of them may write those tables.
 */
const READ_MODELS: Record<string, Record<string, string>> = {
  "server/modules/audit/audit-records.ts": Object.fromEntries(
    [
      "contacts",
      "content",
      "coupons",
      "medias",
      "members",
      "menus",
      "orders",
      "products",
      "redirects",
      "users",
      "wordpress",
    ].map((folder) => [
      folder,
      "whether the record an entry names still exists, for its link: one query per kind on a page of entries",
    ]),
  ),
  "server/modules/search/search-service.ts": Object.fromEntries(
    ["content", "medias", "products"].map((folder) => [
      folder,
      "the site's search ranks every public kind in one query",
    ]),
  ),
  "server/modules/auth/auth-service.ts": {
    users: "signing in reads the account by its e-mail (its password hash and role) in the statement that checks it",
  },
  "server/modules/auth/password-reset.ts": {
    users: "the reset link is written for the account of an e-mail, looked up after the answer went out",
  },
  "server/modules/auth/two-factor-service.ts": {
    users: "a super user's reset of another person's second factor locks that person's row while it clears it",
  },
  "server/modules/auth/two-factor.ts": {
    settings:
      "whether a second factor is required, read fresh at each sign-in (not from a cache another process may not have cleared yet)",
  },
  "server/modules/coupons/coupons-service.ts": {
    products: "the products a coupon names: the form's choice and the check that each exists",
  },
  "server/modules/customers/customers-service.ts": {
    orders: "her data export (LGPD art. 18) copies her orders as they are shown to her",
  },
  "server/modules/orders/shop-dashboard.ts": {
    products: "the shop's dashboard counts the variants low on stock beside the orders, in one query",
  },
  "server/modules/users/users-service.ts": {
    auth: "the users' list shows whether each person has a second factor, in the list's query",
  },
  "server/modules/wordpress/import-existing.ts": {
    users: "every account's e-mail at once (thousands on a moved-in shop), for the plan to know who exists",
  },
  "scripts/import-wordpress.ts": {
    users: "the command line finds the account it imports as (or the first super user) before the services start",
  },
  "server/metrics/metrics.ts": {
    mail: "the outbox's waiting and failed counts, read at scrape time",
    orders: "orders and their moves counted at scrape time",
  },
};

/** Code outside the areas that reads and writes tables of them all, by design. */
const PLATFORM: Record<string, string> = {
  "server/db/": "the move between databases and the logical backups copy every table as it is",
  "server/kernel/throttle.ts": "the limits count in the throttles table, kept for them",
};

type ImportOfTables = { file: string; folder: string; names: string[]; source: string };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    // Tests and their support files (test-*.ts) seed every table they need.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^test-/.test(entry.name) ? [relative] : [];
  });
}

/** The folder under server/modules/ a file belongs to, or null outside the areas. */
const folderOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;

/** Every import of another folder's tables.ts outside tables.ts files (whose imports are foreign keys). */
function importsOfOthersTables(): ImportOfTables[] {
  const found: ImportOfTables[] = [];
  for (const file of [...sourceFiles("server"), ...sourceFiles("app"), ...sourceFiles("scripts")]) {
    if (file.endsWith("/tables.ts")) continue;
    const source = fs.readFileSync(path.join(ROOT, file), "utf8");
    for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(\.[^"]+)"/g)) {
      const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[2] ?? ""));
      const folder = /^server\/modules\/([^/]+)\/tables\.ts$/.exec(target)?.[1];
      if (!folder || folder === folderOf(file)) continue;
      const names = (match[1] ?? "")
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)
              .pop() ?? "",
        )
        .filter((name) => name !== "");
      found.push({ file, folder, names, source });
    }
  }
  return found;
}

const platformReason = (file: string) =>
  Object.entries(PLATFORM).find(
    ([prefix]) => file === prefix || (prefix.endsWith("/") && file.startsWith(prefix)),
  )?.[1];

describe("the areas' boundaries", () => {
  it("registers exactly the named areas, each using only registered areas", () => {
    expect(Object.keys(areas).sort()).toEqual([...AREA_NAMES].sort());
    for (const [name, uses] of areaGraph())
      for (const used of uses) expect(AREA_NAMES, `${name} uses ${used}`).toContain(used);
  });

  it("has no cycle of uses", () => {
    expect(findCycle(areaGraph())).toBeNull();
  });

  it("finds a cycle when one is there", () => {
    const graph = new Map([
      ["users", ["auth"]],
      ["auth", ["mail"]],
      ["mail", ["users"]],
    ] as const);
    expect(findCycle(new Map([...graph].map(([name, uses]) => [name, [...uses]])))).toEqual([
      "users",
      "auth",
      "mail",
      "users",
    ]);
  });

  it("reads another area's tables only as a named read model, or as platform code", () => {
    const unnamed = importsOfOthersTables()
      .filter(({ file, folder }) => !platformReason(file) && !READ_MODELS[file]?.[folder])
      .map(({ file, folder }) => `${file} reads the tables of ${folder}`);
    expect(unnamed).toEqual([]);
  });

  it("writes no table of another area outside platform code", () => {
    const writes = importsOfOthersTables()
      .filter(({ file }) => !platformReason(file))
      .flatMap(({ file, folder, names, source }) =>
        names
          .filter((name) => new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b`).test(source))
          .map((name) => `${file} writes ${folder}'s ${name}`),
      );
    expect(writes).toEqual([]);
  });

  it("is the graph docs/decisions/0022 shows", () => {
    const decision = fs.readFileSync(path.join(ROOT, "docs/decisions/0022-flows-and-area-boundaries.md"), "utf8");
    // Compared cell by cell: the formatter pads the page's columns.
    const cells = (table: string) =>
      table
        .split("\n")
        .filter((line) => line.startsWith("|") && !/^\|[\s|:-]+\|$/.test(line))
        .map((line) => line.split("|").map((cell) => cell.trim()));
    expect(cells(decision)).toEqual(cells(areaGraphTable(areaGraph())));
  });
});
