import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // The browser tests build into a folder of their own run (tests/e2e/global-setup.ts), so that
  // concurrent runs and builds never empty each other's output.
  buildDirectory: process.env.CMS_BUILD_DIR || "build",
} satisfies Config;
