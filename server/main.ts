/**
 * The server's entry: reads the configuration, then serves (server/serve.ts) or, with WORKERS > 1,
 * becomes the primary of that many serving processes. The primary loads nothing else: it serves no
 * request, and each worker migrates the database itself, under a lock (server/db/client.ts).
 */
import cluster from "node:cluster";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { resolveDrizzleQuickly } from "./runtime/module-resolution.ts";

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = configOrExit();
if (config.WORKERS > 1 && cluster.isPrimary) {
  const [{ createLogger }, { runClusterPrimary }] = await Promise.all([
    import("./logger.ts"),
    import("./runtime/cluster-primary.ts"),
  ]);
  runClusterPrimary({ workers: config.WORKERS, logger: createLogger(config) });
} else {
  resolveDrizzleQuickly();
  const { serve } = await import("./serve.ts");
  await serve(config);
}
