import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each area keeps its tables in server/modules/<area>/tables.ts.
  schema: "./server/modules/*/tables.ts",
  out: "./server/db/migrations",
});
