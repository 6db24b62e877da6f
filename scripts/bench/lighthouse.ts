/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone, simulated slow 4G) on Debian's
 * Chromium. The browser is started here with a debugging port, in its own process group so that it and
 * its helper processes stop together.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { ownChild, temporaryFolder } from "./cleanup.ts";
import { freePort } from "./server.ts";

export const CHROMIUM = "/usr/bin/chromium";

export type LighthouseFigure = { path: string; score: number; lcpMs: number; transferBytes: number };

export const chromiumInstalled = () => existsSync(CHROMIUM);

async function startChromium() {
  const profile = await temporaryFolder("cms-bench-chromium-");
  const port = await freePort();
  const child = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-extensions",
      "--no-first-run",
      "--no-default-browser-check",
      `--user-data-dir=${profile.path}`,
      `--remote-debugging-port=${port}`,
      "about:blank",
    ],
    { stdio: "ignore", detached: true },
  );
  const stopBrowser = ownChild(child, { group: true });
  const stop = async () => {
    await stopBrowser();
    await profile.remove();
  };
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { port, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`${CHROMIUM} did not open its debugging port`);
}

/** Audits each page in turn, in one browser. */
export async function lighthousePages(base: string, paths: string[]): Promise<LighthouseFigure[]> {
  const { default: lighthouse } = await import("lighthouse");
  const browser = await startChromium();
  try {
    const figures: LighthouseFigure[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${base}${path}`, {
        port: browser.port,
        hostname: "127.0.0.1",
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      figures.push({
        path,
        score: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        transferBytes: audits["total-byte-weight"]?.numericValue ?? Number.NaN,
      });
    }
    return figures;
  } finally {
    await browser.stop();
  }
}
