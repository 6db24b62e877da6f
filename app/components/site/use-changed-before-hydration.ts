import { type RefObject, useEffect, useRef } from "react";

export type FormControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control whose value differs from the one the server rendered: someone changed it. */
function changedSinceRendered(control: Element): control is FormControl {
  if (control instanceof HTMLSelectElement) return [...control.options].some((o) => o.selected !== o.defaultSelected);
  if (control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  if (!(control instanceof HTMLInputElement) || control.type === "hidden") return false;
  if (control.type === "checkbox" || control.type === "radio") return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/**
 * What was typed or chosen on a public page before it came to life: the browser kept it (hydration leaves
 * a field's value alone), but its change events fired while nothing listened, so what follows from it (a
 * price, a total, a list applied at once) did not follow. Once the page runs, `apply` gets the controls
 * that were changed, the returned ref's element or those inside it, and only if there are any.
 */
export function useChangedBeforeHydration<T extends HTMLElement>(
  apply: (changed: FormControl[], root: T) => void,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const applyOnce = useRef(apply);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const changed = [root, ...root.querySelectorAll("input, select, textarea")].filter(changedSinceRendered);
    if (changed.length > 0) applyOnce.current(changed, root);
  }, []);
  return ref;
}
