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

export type LighthouseFigure = {
  path: string;
  score: number;
  lcpMs: number;
  /** Total blocking time: measured on this machine's CPU, so what moves the score when the machine is busy. */
  tbtMs: number;
  transferBytes: number;
  /** Why Lighthouse could not score the page (its run or a metric failed); the score is then 0. */
  error?: string;
};

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

type Lighthouse = typeof import("lighthouse")["default"];

async function audit(lighthouse: Lighthouse, port: number, base: string, path: string): Promise<LighthouseFigure> {
  const result = await lighthouse(`${base}${path}`, {
    port,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  const lcp = audits["largest-contentful-paint"];
  const error = runtimeError
    ? `${runtimeError.code}: ${runtimeError.message}`
    : (lcp?.errorMessage ?? (categories.performance?.score == null ? "no performance score" : undefined));
  return {
    path,
    score: Math.round((categories.performance?.score ?? 0) * 100),
    lcpMs: lcp?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    transferBytes: audits["total-byte-weight"]?.numericValue ?? Number.NaN,
    ...(error ? { error } : {}),
  };
}

/** Tracing on a busy machine sometimes fails (NO_NAVSTART, NO_LCP): a page gets this many tries. */
const ATTEMPTS = 3;

/** Audits each page in turn, in one browser. */
export async function lighthousePages(base: string, paths: string[]): Promise<LighthouseFigure[]> {
  const { default: lighthouse } = await import("lighthouse");
  const browser = await startChromium();
  try {
    const figures: LighthouseFigure[] = [];
    for (const path of paths) {
      let figure = await audit(lighthouse, browser.port, base, path);
      for (let attempt = 1; attempt < ATTEMPTS && figure.error; attempt++) {
        console.error(`[lighthouse] ${path}: ${figure.error}; trying again`);
        figure = await audit(lighthouse, browser.port, base, path);
      }
      figures.push(figure);
    }
    return figures;
  } finally {
    await browser.stop();
  }
}
