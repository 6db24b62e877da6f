/** Theme colours of docs/spec.md §9; primary and secondary can be changed in the settings. */
export const themeColors = {
  primary: "#523d38",
  secondary: "#e1846d",
  success: "#28a745",
  warning: "#ffc107",
  danger: "#dc3545",
  info: "#17a2b8",
  light: "#e2e2e2",
  dark: "#212529",
} as const;
