import { useFetchers, useNavigation } from "react-router";
import { useBackgroundRequestPending } from "../lib/background-requests.ts";
import styles from "./navigation-progress.module.css";

/**
 * The top progress bar follows navigations, every request made through fetchers, and uploads. The bar
 * is decoration outside every landmark; screen readers hear the same news from a polite status line.
 */
export function NavigationProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const uploading = useBackgroundRequestPending();
  const busy = uploading || navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  return (
    <>
      <div className={styles.bar} data-busy={busy} aria-hidden="true" />
      <p className={styles.status} role="status">
        {busy ? "Carregando…" : ""}
      </p>
    </>
  );
}
