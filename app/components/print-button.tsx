import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * "Imprimir" on a page made to print: it opens the browser's print dialog, so it shows only once the page's
 * script runs. Before that, and without JavaScript, the browser's own Print menu prints the same page.
 */
export function PrintButton({ className }: { className?: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={className} onClick={() => window.print()}>
      Imprimir
    </button>
  );
}
