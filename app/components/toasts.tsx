import { dismissToast, useToasts } from "../lib/toasts.ts";
import styles from "./toasts.module.css";

/** The messages of app/lib/toasts.ts, top right; errors are announced at once, the rest politely. */
export function Toasts() {
  const toasts = useToasts();
  return (
    <div className={styles.stack}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={styles.toast}
          data-tone={toast.tone}
          role={toast.tone === "danger" ? "alert" : "status"}
        >
          <p className={styles.message}>{toast.message}</p>
          <button type="button" className={styles.close} aria-label="Fechar" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
