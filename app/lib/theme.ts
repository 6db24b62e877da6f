import { colorsTuple, createTheme, type MantineColorsTuple } from "@mantine/core";
import { DEFAULT_FONT } from "../../common/fonts.ts";
import { themeColors } from "../../common/theme-colors.ts";

function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((value) => Math.round(value + (target - value) * amount))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Ten shades around one colour; shade 6 (Mantine's primary shade) is the colour itself. */
export function shades(hex: string): MantineColorsTuple {
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.35, 0.18].map((amount) => mix(hex, 255, amount));
  const darker = [0.15, 0.3, 0.45].map((amount) => mix(hex, 0, amount));
  return colorsTuple([...lighter, hex, ...darker]);
}

export type ThemeSettings = { primary_color: string; secondary_color: string; font: string } | null;

/** The theme of docs/spec.md §9, with primary/secondary colours and the font taken from the settings. */
export function buildTheme(settings: ThemeSettings) {
  const font = settings?.font ?? DEFAULT_FONT;
  const family = `"${font}", system-ui, -apple-system, "Segoe UI", sans-serif`;
  return createTheme({
    primaryColor: "primary",
    primaryShade: 6,
    fontFamily: family,
    headings: { fontFamily: family },
    breakpoints: { xs: "36em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
    colors: {
      primary: shades(settings?.primary_color ?? themeColors.primary),
      secondary: shades(settings?.secondary_color ?? themeColors.secondary),
      success: shades(themeColors.success),
      warning: shades(themeColors.warning),
      danger: shades(themeColors.danger),
      info: shades(themeColors.info),
      light: shades(themeColors.light),
      dark: shades(themeColors.dark),
    },
  });
}
