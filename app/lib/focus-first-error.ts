export const CHECK_FIELDS = "Verifique os campos destacados.";

/**
 * A refused form on a long page: its first invalid field (in page order, found through the
 * `data-path` Mantine's getInputProps puts on inputs) is scrolled into view and focused, so the
 * error beside it is seen.
 */
export function focusFirstError(form: HTMLFormElement | null | undefined, errors: Record<string, unknown>) {
  const paths = new Set(Object.keys(errors).filter((path) => errors[path]));
  const fields = (form ?? document).querySelectorAll<HTMLElement>("[data-path]");
  const first = [...fields].find((field) => paths.has(field.dataset.path ?? ""));
  first?.scrollIntoView({ block: "center" });
  first?.focus({ preventScroll: true });
}
