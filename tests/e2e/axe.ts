import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** Every axe violation of the page, one readable line each; `rules` turns on some that axe leaves off by default. */
export async function axeViolations(page: Page, rules: string[] = []): Promise<string[]> {
  // By default axe gathers the frames' results in a blank page it opens for each run: 0.7 to 2.8 s a run on the
  // account's pages on a busy 2-core machine, against 0.4 to 1 s for axe run in the page itself (its legacy mode),
  // which found the same there. A page without frames has none to gather; one with frames keeps the default,
  // which also reaches other origins' frames.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({ rules: Object.fromEntries(rules.map((rule) => [rule, { enabled: true }])) })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.impact} ${violation.id} on ${node.target.join(" ")}: ${violation.help}`),
  );
}

/**
 * The axe violations of a page opened without JavaScript, where axe itself cannot run: its markup as sent,
 * without its scripts, checked in a browser that runs them.
 */
export async function plainPageViolations(page: Page): Promise<string[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error("the page has no browser to copy it to");
  const origin = new URL(page.url()).origin;
  const markup = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace("<head>", `<head><base href="${origin}/">`);
  const copy = await browser.newContext({ viewport: page.viewportSize() });
  try {
    const copied = await copy.newPage();
    await copied.setContent(markup, { waitUntil: "load" });
    return await axeViolations(copied);
  } finally {
    await copy.close();
  }
}

/** Nothing wider than the screen, and nothing axe objects to (in the markup as sent, without JavaScript). */
export async function expectReadable(page: Page, width: number, javaScript = true): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  expect(await (javaScript ? axeViolations(page) : plainPageViolations(page))).toEqual([]);
}
