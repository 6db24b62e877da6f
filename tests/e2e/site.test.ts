import { execFileSync } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";

const SITE = pathToFileURL(path.join(import.meta.dirname, "site.ts")).href;

type Site = { fresh: string; configured: string; inherited: { fresh?: string; configured?: string } };

/**
 * Loads site.ts in a new Node process, as Playwright's runner does, then starts a child of that
 * process, as the runner starts its workers, and reports which ports the child was handed.
 */
function loadSite(env: Record<string, string>): Site {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ["E2E_FRESH_PORT", "E2E_CONFIGURED_PORT"]) if (!(name in env)) delete childEnv[name];
  const script = `
    import { execFileSync } from "node:child_process";
    const { FRESH_URL, CONFIGURED_URL } = await import(${JSON.stringify(SITE)});
    const inherited = JSON.parse(execFileSync(process.execPath, ["-p",
      "JSON.stringify({ fresh: process.env.E2E_FRESH_PORT, configured: process.env.E2E_CONFIGURED_PORT })"], { encoding: "utf8" }));
    console.log(JSON.stringify({ fresh: FRESH_URL, configured: CONFIGURED_URL, inherited }));
  `;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    env: childEnv,
    encoding: "utf8",
  });
  return JSON.parse(output) as Site;
}

const portOf = (url: string) => Number(new URL(url).port);

const listening: net.Server[] = [];
afterEach(async () => {
  await Promise.all(listening.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function listen(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      listening.push(server);
      resolve();
    });
  });
}

describe("browser test servers' ports", () => {
  test("without E2E_*_PORT, a second run picks ports other than those the first run's servers hold", async () => {
    const first = loadSite({});
    const firstPorts = [portOf(first.fresh), portOf(first.configured)];
    expect(new Set(firstPorts).size).toBe(2);
    for (const port of firstPorts) await listen(port);

    const second = loadSite({});
    const secondPorts = [portOf(second.fresh), portOf(second.configured)];
    expect(new Set(secondPorts).size).toBe(2);
    expect(secondPorts.filter((port) => firstPorts.includes(port))).toEqual([]);
    for (const port of secondPorts) await listen(port);
  });

  test("the picked ports go to the processes the runner starts, so workers see the same servers", () => {
    const site = loadSite({});
    expect(site.inherited).toEqual({
      fresh: String(portOf(site.fresh)),
      configured: String(portOf(site.configured)),
    });
  });

  test("ports given in E2E_FRESH_PORT and E2E_CONFIGURED_PORT are kept", () => {
    const site = loadSite({ E2E_FRESH_PORT: "4101", E2E_CONFIGURED_PORT: "4102" });
    expect(site).toEqual({
      fresh: "http://127.0.0.1:4101",
      configured: "http://127.0.0.1:4102",
      inherited: { fresh: "4101", configured: "4102" },
    });
  });

  test("with only one port given, the other is picked and differs from it", () => {
    const site = loadSite({ E2E_CONFIGURED_PORT: "4102" });
    expect(portOf(site.configured)).toBe(4102);
    expect(portOf(site.fresh)).not.toBe(4102);
    expect(site.inherited).toEqual({ fresh: String(portOf(site.fresh)), configured: "4102" });
  });
});
