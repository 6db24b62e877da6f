import { useId, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import styles from "./copy-code.module.css";
import { buttonClass, ui } from "./ui/ui.tsx";

/**
 * A code to copy (the Pix "copia e cola"): a read-only field anyone can select, and, once the page
 * runs, a button that puts it on the clipboard and says so.
 */
export function CopyCode({ label, code }: { label: string; code: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied("Código copiado!");
    } catch {
      // The clipboard refused (an old browser, a denied permission): the code stays selected to copy by hand.
      field.current?.select();
      setCopied("Selecione o código e copie com Ctrl+C.");
    }
  }

  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        className={`${ui.input} ${styles.code}`}
        readOnly
        rows={4}
        value={code}
        onFocus={(event) => event.currentTarget.select()}
      />
      {hydrated ? (
        <div className={styles.actions}>
          <button type="button" className={buttonClass()} onClick={copy}>
            Copiar código
          </button>
          <span role="status" className={styles.status}>
            {copied}
          </span>
        </div>
      ) : null}
    </div>
  );
}
