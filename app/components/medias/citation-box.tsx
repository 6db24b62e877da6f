import { useRef } from "react";
import { type CitationPart, citationText } from "../../../common/citation/abnt.ts";
import { notifyError, notifySuccess } from "../../lib/notify.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { CopyIcon, DownloadIcon } from "../site/icons.tsx";
import { buttonClass, ui } from "../site/ui/ui.tsx";
import styles from "./citation-box.module.css";
import { itemExportHref } from "./medias-query.ts";

export const REFERENCE_COPIED = "Referência copiada.";

/** Older browsers and pages not served over https have no clipboard API: select the text and copy it. */
function selectAndCopy(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

async function copyText(text: string, element: HTMLElement | null): Promise<boolean> {
  if (navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permissions, no focus): the selection below still works.
    }
  }
  return selectAndCopy(element);
}

/** "Como citar (ABNT)": the reference with its highlighted part in bold, a copy button and the exports. */
export function CitationBox({ id, parts }: { id: number; parts: CitationPart[] }) {
  const reference = useRef<HTMLParagraphElement>(null);
  const hydrated = useHydrated();
  const copy = async () => {
    if (await copyText(citationText(parts), reference.current)) notifySuccess(REFERENCE_COPIED);
    // The reference stays selected, so the visitor can still copy it with the keyboard.
    else notifyError("Não foi possível copiar. A referência está selecionada: use Ctrl+C para copiá-la.");
  };
  return (
    <section aria-labelledby="como-citar" className={styles.box}>
      <h2 id="como-citar" className={styles.heading}>
        Como citar (ABNT)
      </h2>
      <div className={styles.reference}>
        <p ref={reference} data-testid="abnt-reference">
          {parts.map((part, index) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one reference never move
            part.strong ? <strong key={index}>{part.text}</strong> : <span key={index}>{part.text}</span>,
          )}
        </p>
      </div>
      <div className={ui.group}>
        <button
          type="button"
          className={buttonClass("light")}
          onClick={copy}
          // The copy needs JavaScript; until then the reference can be selected by hand.
          disabled={!hydrated}
        >
          <CopyIcon />
          Copiar referência
        </button>
        <a href={itemExportHref(id, "bibtex")} className={styles.export}>
          <DownloadIcon />
          BibTeX
        </a>
        <a href={itemExportHref(id, "ris")} className={styles.export}>
          <DownloadIcon />
          RIS
        </a>
      </div>
    </section>
  );
}
