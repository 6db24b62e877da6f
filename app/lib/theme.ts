import {
  ColorInput,
  type ComboboxRenderPillInput,
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  type MantineColorsTuple,
  Modal,
  PasswordInput,
  Pill,
  TagsInput,
} from "@mantine/core";
import { createElement } from "react";
import { readableTextColor } from "../../common/color-contrast.ts";
import { DEFAULT_FONT } from "../../common/fonts.ts";
import { themeColors } from "../../common/theme-colors.ts";
import { colorShades } from "./color-shades.ts";

/** Ten shades around one colour; shade 6 (Mantine's primary shade) is the colour itself. */
export function shades(hex: string): MantineColorsTuple {
  return colorsTuple(colorShades(hex));
}

export type ThemeSettings = { primary_color: string; secondary_color: string; font: string } | null;

/**
 * Mantine's "light" badges and alerts write shade 9 on shade 1 of their colour: yellow's is 2.7:1, and
 * the settings' own colours may be lighter still. Each colour's light text is darkened until it reads.
 * So are the text, outline and link colours (shade 6 on white): links, outlined and subtle buttons and
 * coloured text in a light primary chosen in the settings.
 */
export const accountCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: Object.fromEntries([
    // A field's error and other error text: Mantine's red 6 on white is 3.3:1; the theme's danger, made to read.
    ["--mantine-color-error", readableTextColor(theme.colors.danger?.[6] ?? themeColors.danger)],
    ...Object.entries(theme.colors).flatMap(([name, colors]) => {
      const onWhite = readableTextColor(colors[6], colors[0]);
      return [
        [`--mantine-color-${name}-light-color`, readableTextColor(colors[9], colors[1])],
        [`--mantine-color-${name}-text`, onWhite],
        [`--mantine-color-${name}-outline`, onWhite],
        ...(name === theme.primaryColor ? [["--mantine-color-anchor", onWhite]] : []),
      ];
    }),
  ]),
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
      // Its title bar is a <header> inside the dialog, which screen readers would list as a second banner
      // beside the page's own: it is only the dialog's title row.
      Modal: Modal.extend({
        defaultProps: { closeButtonProps: { "aria-label": "Fechar" }, attributes: { header: { role: "none" } } },
      }),
    },
  });
}
