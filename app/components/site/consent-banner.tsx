import { useEffect, useState } from "react";
import styles from "./consent-banner.module.css";
import { buttonClass, Container } from "./ui/ui.tsx";

type Choice = "granted" | "denied";

const STORAGE_KEY = "cms_analytics_consent";
const ONE_YEAR = 365 * 24 * 60 * 60 * 1000;

/** The visitor's answer while it is less than 365 days old. */
function readChoice(): Choice | null {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof saved !== "object" || saved === null || !("choice" in saved) || !("at" in saved)) return null;
    const { choice, at } = saved;
    if ((choice !== "granted" && choice !== "denied") || typeof at !== "number") return null;
    return Date.now() - at < ONE_YEAR ? choice : null;
  } catch {
    return null;
  }
}

function saveChoice(choice: Choice) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ choice, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full quota): the answer still holds for this visit.
  }
}

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

/** Google's loader snippet, run only after the visitor accepted. */
function loadGtag(id: string) {
  if (document.getElementById("gtag-js")) return;
  const target = window as GtagWindow;
  const dataLayer = target.dataLayer ?? [];
  target.dataLayer = dataLayer;
  target.gtag = function gtag() {
    // gtag.js reads Arguments objects from the data layer, not arrays.
    // biome-ignore lint/complexity/noArguments: the documented gtag snippet needs `arguments` itself
    dataLayer.push(arguments);
  };
  target.gtag("js", new Date());
  target.gtag("config", id);
  const script = document.createElement("script");
  script.id = "gtag-js";
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

/**
 * Asks before any analytics runs (LGPD): nothing is loaded until 'Aceitar', and never after
 * 'Recusar'. The answer is kept for 365 days in localStorage. Rendered only in the browser, so
 * a returning visitor never sees the banner flash.
 */
export function ConsentBanner({ gtagId }: { gtagId: string }) {
  // undefined until the browser's cookie has been read.
  const [choice, setChoice] = useState<Choice | null | undefined>(undefined);

  useEffect(() => {
    setChoice(readChoice());
  }, []);

  useEffect(() => {
    if (choice === "granted") loadGtag(gtagId);
  }, [choice, gtagId]);

  if (choice !== null) return null;

  const decide = (value: Choice) => {
    saveChoice(value);
    setChoice(value);
  };

  return (
    <section className={styles.banner} aria-label="Aviso de cookies">
      <Container className={styles.row}>
        <p className={styles.text}>
          Usamos cookies de análise para entender como o site é usado e melhorá-lo. Eles só são ativados se você
          aceitar.
        </p>
        <div className={styles.buttons}>
          <button type="button" className={`${buttonClass()} ${styles.button}`} onClick={() => decide("granted")}>
            Aceitar
          </button>
          <button type="button" className={`${buttonClass()} ${styles.button}`} onClick={() => decide("denied")}>
            Recusar
          </button>
        </div>
      </Container>
    </section>
  );
}
