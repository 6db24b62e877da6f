import lato from "@fontsource/lato/files/lato-latin-400-normal.woff2?url";
import latoBold from "@fontsource/lato/files/lato-latin-700-normal.woff2?url";
import merriweather from "@fontsource/merriweather/files/merriweather-latin-400-normal.woff2?url";
import merriweatherBold from "@fontsource/merriweather/files/merriweather-latin-700-normal.woff2?url";
import montserrat from "@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url";
import montserratBold from "@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url";
import openSans from "@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url";
import openSansBold from "@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url";
import poppins from "@fontsource/poppins/files/poppins-latin-400-normal.woff2?url";
import poppinsBold from "@fontsource/poppins/files/poppins-latin-700-normal.woff2?url";
import roboto from "@fontsource/roboto/files/roboto-latin-400-normal.woff2?url";
import robotoBold from "@fontsource/roboto/files/roboto-latin-700-normal.woff2?url";
import { readableTextColor, textColorOn } from "../../common/color-contrast.ts";
import { DEFAULT_FONT, type Font } from "../../common/fonts.ts";
import { themeColors } from "../../common/theme-colors.ts";
import { colorShades } from "./color-shades.ts";

/**
 * Only the latin subset: Portuguese needs nothing outside Latin-1, and a page then loads one
 * family in two weights (regular first, preloaded) instead of every family the settings offer.
 */
const fontFiles: Record<Font, { regular: string; bold: string }> = {
  Montserrat: { regular: montserrat, bold: montserratBold },
  Roboto: { regular: roboto, bold: robotoBold },
  "Open Sans": { regular: openSans, bold: openSansBold },
  Lato: { regular: lato, bold: latoBold },
  Poppins: { regular: poppins, bold: poppinsBold },
  Merriweather: { regular: merriweather, bold: merriweatherBold },
};

export type SiteThemeSettings = { primary_color: string; secondary_color: string; font: string } | null;

const isFont = (name: string): name is Font => name in fontFiles;
const fontOf = (settings: SiteThemeSettings): Font =>
  settings && isFont(settings.font) ? settings.font : DEFAULT_FONT;

/** The regular weight of the chosen family: the one file worth preloading. */
export function siteFontPreload(settings: SiteThemeSettings): string {
  return fontFiles[fontOf(settings)].regular;
}

function fontFace(family: Font, weight: 400 | 700, url: string): string {
  return `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format("woff2")}`;
}

function shadeVariables(name: string, hex: string): string {
  return colorShades(hex)
    .map((shade, index) => `--site-${name}-${index}:${shade};`)
    .join("");
}

function buildSiteThemeCss(settings: SiteThemeSettings): string {
  const font = fontOf(settings);
  const files = fontFiles[font];
  const fixed = (["success", "warning", "danger", "info", "light", "dark"] as const)
    .map((name) => `--site-${name}:${themeColors[name]};`)
    .join("");
  const primary = settings?.primary_color ?? themeColors.primary;
  const secondary = settings?.secondary_color ?? themeColors.secondary;
  const variables = [
    shadeVariables("primary", primary),
    shadeVariables("secondary", secondary),
    `--site-primary:var(--site-primary-6);--site-secondary:var(--site-secondary-6);`,
    // Text on the chosen colours: white on the spec's primary, dark where white would not read.
    `--site-on-primary:${textColorOn(primary)};--site-on-secondary:${textColorOn(secondary)};`,
    // Text in the primary colour (links, outlined buttons) on white or its palest tint: a darker shade of
    // a light primary, so that it reads.
    `--site-primary-text:${readableTextColor(primary, colorShades(primary)[0])};`,
    fixed,
    `--site-font:"${font}",system-ui,-apple-system,"Segoe UI",sans-serif;`,
  ].join("");
  return `${fontFace(font, 400, files.regular)}${fontFace(font, 700, files.bold)}:root{${variables}}`;
}

/** The settings change rarely: the sheet is built once per combination, not on every request. */
const built = new Map<string, string>();
const BUILT_MAX = 16;

/** The colours and font of docs/spec.md §9 with the settings' choices, as CSS variables and @font-face. */
export function siteThemeCss(settings: SiteThemeSettings): string {
  const key = `${settings?.primary_color}|${settings?.secondary_color}|${fontOf(settings)}`;
  const cached = built.get(key);
  if (cached !== undefined) return cached;
  const css = buildSiteThemeCss(settings);
  if (built.size >= BUILT_MAX) built.clear();
  built.set(key, css);
  return css;
}
