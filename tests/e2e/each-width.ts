import type { Page } from "@playwright/test";
import { expectReadable } from "./axe.ts";

/** The widths the stories check their screens at: a phone's and a desktop's. */
export const PHONE = { width: 375, height: 800 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * `check` at a phone's width and at a desktop's, then the page back at the width it had: a story goes through its
 * screens once and still checks each of them at both widths, as the layout follows the width in CSS alone.
 */
export async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await check(viewport.width);
  }
  if (before) await page.setViewportSize(before);
}

/** The screen readable (axe, nothing wider than the screen) at a phone's width and at a desktop's. */
export const expectReadableAtEachWidth = (page: Page) => atEachWidth(page, (width) => expectReadable(page, width));
