import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Services } from "../../server/services.ts";
import { createTestDatabase, resetDatabase } from "./database.ts";
import { createTestServices } from "./test-services.ts";

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** Registers the hooks that give a file its own test database, emptied before each test and dropped afterwards. */
export function withTestDatabase(): { readonly database: TestDatabase } {
  let current: TestDatabase | undefined;
  const database = (): TestDatabase => {
    if (!current) throw new Error("The test database exists only inside tests and hooks.");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(() => current?.drop());
  beforeEach(() => resetDatabase(database()));
  return {
    get database() {
      return database();
    },
  };
}

/**
 * A test database as `withTestDatabase` gives it, with every area's service built afresh for each test: fixtures
 * written straight to the tables then meet empty caches.
 */
export function withTestServices(): { readonly database: TestDatabase; readonly services: Services } {
  const test = withTestDatabase();
  let current: Services | undefined;
  beforeEach(() => {
    current = createTestServices(test.database);
  });
  return {
    get database() {
      return test.database;
    },
    get services() {
      if (!current) throw new Error("The test services exist only inside tests and hooks.");
      return current;
    },
  };
}
