import { colorsTuple, createTheme, type MantineColorsTuple } from "@mantine/core";
import { DEFAULT_FONT } from "../../common/fonts.ts";
import { themeColors } from "../../common/theme-colors.ts";
import { colorShades } from "./color-shades.ts";

/** Ten shades around one colour; shade 6 (Mantine's primary shade) is the colour itself. */
export function shades(hex: string): MantineColorsTuple {
  return colorsTuple(colorShades(hex));
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
