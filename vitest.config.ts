import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["server/**/*.test.ts", "common/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    pool: "forks",
    maxWorkers: 2,
    // Limits for a hung test, not speed checks (those are npm run bench's): a busy 2-core CI machine has
    // taken 28 s for a chain of requests that takes 2 s on a quiet one.
    testTimeout: 60000,
    hookTimeout: 120000,
    env: { NODE_ENV: "test" },
  },
});
