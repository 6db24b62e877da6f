import type { Page } from "@playwright/test";
import { expect, waitForHydratedPage } from "./fixtures.ts";

/**
 * Opens `path` with the app's scripts held back, so the test acts on the server's HTML as a person
 * on a slow phone does before the page comes to life; `hydrate()` lets the scripts through, waits
 * until React has taken over the whole page, and fails if React had to draw the page again because its
 * HTML did not match (app/entry.client.tsx), which would have thrown away what was done before.
 */
export async function openBeforeHydration(page: Page, path: string): Promise<{ hydrate: () => Promise<void> }> {
  let letThrough: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  const scripts = /\/assets\/.+\.js(\?|$)/;
  const mismatches: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith("Hydration mismatch")) mismatches.push(message.text());
  });
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  // Module scripts hold DOMContentLoaded back too: the page is usable once the server's HTML is in.
  await page.goto(path, { waitUntil: "commit" });
  await page.locator("body").waitFor();
  return {
    hydrate: async () => {
      letThrough();
      await waitForHydratedPage(page);
      await page.unroute(scripts);
      expect(mismatches, "the page's HTML matched its first render in the browser").toEqual([]);
    },
  };
}
