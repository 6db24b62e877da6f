import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { createLocalStorage } from "../../server/adapters/storage/local-storage.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createServices, type Services } from "../../server/services.ts";
import { OFFLINE_PROVIDERS } from "./offline-providers.ts";

/** Every area's service on a test database, as the server builds them (fresh caches each call). */
export function createTestServices(database: Database, env: Record<string, string> = {}): Services {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cms-services-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...OFFLINE_PROVIDERS, ...env });
  const storage = createLocalStorage(path.join(dataDir, "files"), config.FILES_URL);
  return createServices({ config, database, storage, logger: pino({ level: "silent" }) });
}
