import { useEffect } from "react";

const KEY = "cms:chunk-reload-at";
const ONCE_PER_MS = 60_000;

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(
    message,
  );
}

/** After a deploy, old pages ask for code that no longer exists: reload, at most once a minute. */
export function ChunkReload({ error }: { error: unknown }) {
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    const last = Number(window.sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < ONCE_PER_MS) return;
    window.sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  }, [error]);
  return null;
}
