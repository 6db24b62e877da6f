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

/** A little above WCAG's minimum, so that the browser's rounding of a colour cannot drop below it. */
const TEXT_TARGET = READABLE_CONTRAST + 0.1;

function towardBlack(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((value) =>
      Math.round(value * (1 - amount))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/**
 * Text in `color` on a light `background` (white, or a pale tint): the colour itself when it reads
 * (4.5:1), else the lightest darker shade of it that does, so a light primary chosen in the settings
 * keeps its hue in links and outlined buttons and stays readable.
 */
export function readableTextColor(color: string, background: string = WHITE): string {
  for (let step = 0; step < 100; step++) {
    const shade = towardBlack(color, step / 100);
    if (contrastRatio(shade, background) >= TEXT_TARGET) return shade;
  }
  return "#000000";
}
