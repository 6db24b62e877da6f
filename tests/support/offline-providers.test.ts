import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { OFFLINE_PROVIDERS } from "./offline-providers.ts";

/** Addresses of the site itself and its own storage, not a provider a test could reach by mistake. */
const OWN_ADDRESSES = new Set(["BASE_URL", "FILES_URL", "S3_ENDPOINT"]);

describe("the test servers' outside services", () => {
  it("point every web provider the configuration knows at loopback, so no test reaches the real one", () => {
    const source = readFileSync(path.join(import.meta.dirname, "../../server/config.ts"), "utf8");
    const webAddresses = [...source.matchAll(/^\s+([A-Z0-9_]+): address\(\["http", "https"\]/gm)].map(
      ([, name = ""]) => name,
    );
    const providers = webAddresses.filter((name) => !OWN_ADDRESSES.has(name)).sort();
    expect(providers).toContain("CORREIOS_URL");
    expect(Object.keys(OFFLINE_PROVIDERS).sort()).toEqual(providers);
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/unused", ...OFFLINE_PROVIDERS });
    for (const name of providers)
      expect(new URL(String(config[name as keyof typeof config])).hostname).toBe("127.0.0.1");
  });
});
