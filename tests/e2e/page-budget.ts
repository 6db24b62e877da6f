import { gzipSync } from "node:zlib";
import type { Page, Response } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Issue 10's budget for a public page: JavaScript and CSS as the browser downloads them on a first visit. */
const JS_BUDGET_GZIP = 150 * 1024;
const JS_FILES_BUDGET = 15;
const CSS_BUDGET_GZIP = 40 * 1024;

/** Code public pages must never load (docs/decisions/0009-lean-public-pages.md): the account's UI library and zod. */
export const ACCOUNT_ONLY = [/@mantine\/core|--mantine-color-/, /ZodError/];

/** Opens `path` as a first visit and checks what it downloads against the public pages' budget. */
export async function expectWithinPublicBudget(page: Page, path: string): Promise<void> {
  const scripts = new Map<string, Buffer>();
  const styles = new Map<string, Buffer>();
  // Each body is read after its response came: the load's end does not wait for the reading, so the
  // readings are awaited before counting (on a busy machine they came after it, and a page had no script).
  const readings: Promise<void>[] = [];
  const read = (response: Response) => {
    const url = response.url();
    if (!url.includes("/assets/")) return;
    readings.push(
      response.body().then(
        (body) => {
          if (url.endsWith(".js")) scripts.set(url, body);
          if (url.endsWith(".css")) styles.set(url, body);
        },
        () => {},
      ),
    );
  };
  page.on("response", read);
  const response = await page.goto(path, { waitUntil: "networkidle" });
  expect(response?.status(), path).toBe(200);
  page.off("response", read);
  await Promise.all(readings);
  const gzipped = (files: Map<string, Buffer>) =>
    [...files.values()].reduce((total, body) => total + gzipSync(body).length, 0);
  expect(scripts.size, `${path}: JavaScript files`).toBeGreaterThan(0);
  expect(scripts.size, `${path}: JavaScript files`).toBeLessThanOrEqual(JS_FILES_BUDGET);
  expect(gzipped(scripts), `${path}: JavaScript gzip bytes`).toBeLessThanOrEqual(JS_BUDGET_GZIP);
  expect(gzipped(styles), `${path}: CSS gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET_GZIP);
  for (const [url, body] of scripts) {
    for (const marker of ACCOUNT_ONLY) expect(marker.test(body.toString()), `${url} matches ${marker}`).toBe(false);
  }
}
