import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";

/** Serious and critical axe violations, one readable line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
}

test("the home page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page.getByRole("button", { name: "ENVIAR" }));
  expect(await seriousViolations(page)).toEqual([]);
});

test("the login page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page.getByRole("button", { name: "Entrar" }));
  expect(await seriousViolations(page)).toEqual([]);
});
