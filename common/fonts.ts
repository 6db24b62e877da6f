/** Fonts bundled from @fontsource, so no page loads anything from another host. */
export const fonts = ["Montserrat", "Roboto", "Open Sans", "Lato", "Poppins", "Merriweather"] as const;
export type Font = (typeof fonts)[number];
export const DEFAULT_FONT: Font = "Montserrat";
