import {
  ColorInput,
  type ComboboxRenderPillInput,
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
  Modal,
  PasswordInput,
  Pill,
  TagsInput,
} from "@mantine/core";
import { createElement } from "react";
import { DEFAULT_FONT } from "../../common/fonts.ts";
import { themeColors } from "../../common/theme-colors.ts";
import { colorShades } from "./color-shades.ts";

/** Ten shades around one colour; shade 6 (Mantine's primary shade) is the colour itself. */
export function shades(hex: string): MantineColorsTuple {
  return colorsTuple(colorShades(hex));
}

export type ThemeSettings = { primary_color: string; secondary_color: string; font: string } | null;

/** WCAG's contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for normal text; a little above it, so that rounding in the browser cannot drop below. */
const READABLE = 4.6;

/** `color`, darkened step by step until text in it is readable on `background`. */
export function readableOn(color: string, background: string): string {
  let text = color;
  for (let amount = 0.1; contrast(text, background) < READABLE && amount <= 1; amount += 0.1) {
    text = darken(color, amount);
  }
  return text;
}

/**
 * Mantine's "light" badges and alerts write shade 9 on shade 1 of their colour: yellow's is 2.7:1, and
 * the settings' own colours may be lighter still. Each colour's light text is darkened until it reads.
 */
export const accountCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.fromEntries(
    Object.entries(theme.colors).map(([name, colors]) => [
      `--mantine-color-${name}-light-color`,
      readableOn(colors[9], colors[1]),
    ]),
  ),
  dark: {},
});

/** A tag with a remove button named after it, reachable by the keyboard (Mantine's is hidden from both). */
function labelledPill({ value, onRemove, disabled }: ComboboxRenderPillInput) {
  return createElement(
    Pill,
    {
      withRemoveButton: !disabled,
      onRemove,
      disabled,
      removeButtonProps: { "aria-label": `Remover ${value}`, "aria-hidden": false, tabIndex: 0 },
    },
    value,
  );
}

/** The theme of docs/spec.md §9, with primary/secondary colours and the font taken from the settings. */
export function buildTheme(settings: ThemeSettings) {
  const font = settings?.font ?? DEFAULT_FONT;
  const family = `"${font}", system-ui, -apple-system, "Segoe UI", sans-serif`;
  return createTheme({
    primaryColor: "primary",
    primaryShade: 6,
    // Filled buttons and badges take dark text on a light colour an administrator may choose.
    autoContrast: true,
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
    // Mantine's own controls name themselves in English, or not at all.
    components: {
      // A toggle button: its name stays, and aria-pressed (set by Mantine) says whether the password shows.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { "aria-label": "Mostrar senha" } },
      }),
      ColorInput: ColorInput.extend({
        defaultProps: { eyeDropperButtonProps: { "aria-label": "Escolher uma cor da tela" } },
      }),
      TagsInput: TagsInput.extend({ defaultProps: { renderPill: labelledPill } }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": "Fechar" } } }),
    },
  });
}
