import { defineConfig } from "vitest/config";
import { databaseTestFiles, TEST_FILE_PATTERNS } from "./tests/support/database-test-files.ts";

export default defineConfig({
  test: {
    // On PostgreSQL only the files whose outcome depends on the engine: the rest run once, on the
    // embedded database (docs/decisions/0018-browser-tests-once.md).
    include: process.env.TEST_DATABASE_URL ? databaseTestFiles() : TEST_FILE_PATTERNS,
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one file to the next instead of starting afresh: the
    // run spent a sixth of its time importing the same server code in 196 new workers (303 s on PGlite
    // against 216 s without it, every test passing both ways). Each file still opens its own database.
    isolate: false,
    // Limits for a hung test, not speed checks (those are npm run bench's): a busy 2-core CI machine has
    // taken 28 s for a chain of requests that takes 2 s on a quiet one.
    testTimeout: 60000,
    hookTimeout: 120000,
    env: { NODE_ENV: "test" },
  },
});
