/**
 * WCAG 2 contrast between colours written as #rrggbb: the settings let an administrator pick any
 * primary and secondary colour, and text drawn on them must stay readable.
 */

/** The darkest text the theme uses (spec §9's "dark"), the other choice besides white. */
const DARK_TEXT = "#212529";
const WHITE = "#ffffff";

/** WCAG's minimum for normal text (level AA). */
export const READABLE_CONTRAST = 4.5;

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((start) => channel(Number.parseInt(hex.slice(start, start + 2), 16)));
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

/** From 1 (the same colour) to 21 (black and white). */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

/** White when it reads well on `background`, else whichever of white and dark text reads better. */
export function textColorOn(background: string): string {
  if (contrastRatio(WHITE, background) >= READABLE_CONTRAST) return WHITE;
  return contrastRatio(DARK_TEXT, background) > contrastRatio(WHITE, background) ? DARK_TEXT : WHITE;
}
