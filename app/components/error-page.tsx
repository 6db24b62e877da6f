import { createContext, useContext, useEffect, useState } from "react";
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { sitePaths } from "../../common/site-paths.ts";
import { lastFailedDataRequestId } from "../lib/data-request-id.ts";
import styles from "./error-page.module.css";
import { buttonClass } from "./site/ui/ui.tsx";

export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The page's heading, also its title where no screen's meta names it. */
export function errorTitle(error: unknown): string {
  return errorStatus(error) === 404 ? "Página não encontrada" : "Ocorreu um erro";
}

export const ACCESS_DENIED = "Você não tem permissão para acessar esta página.";

/** The request's id during the server's render (app/entry.server.tsx provides it from the load context). */
export const RequestIdContext = createContext<string | null>(null);

/** Whether a browser's error page has looked for the code the server's page carries: only the first may. */
let documentCodeRead = false;

/**
 * The code shown with an error (a 401 goes to sign in instead), so that what a visitor reports can be
 * found in the logs: the request's id (error answers are never kept by the page cache). The server's
 * render has it; the browser takes it from the page the server sent, for the error that page was
 * rendered with only. An error met later, in a navigation, shows the id of the data request that
 * failed (app/lib/data-request-id.ts); one the browser's own code met shows none.
 */
function useErrorCode(error: unknown): string | null {
  const onServer = useContext(RequestIdContext);
  const [fromDocument] = useState(() => ({
    error,
    code:
      typeof document === "undefined" || documentCodeRead
        ? null
        : (document.querySelector("[data-error-code]")?.textContent ?? null),
  }));
  useEffect(() => {
    documentCodeRead = true;
  }, []);
  if (onServer !== null) return onServer;
  if (fromDocument.error === error && fromDocument.code !== null) return fromDocument.code;
  return lastFailedDataRequestId();
}

/**
 * Spec §2: 404 shows 'Página não encontrada', any other status 'Ocorreu um erro'; a 403 also
 * says why. A 401 means the session is gone: the browser goes to sign in and comes back here.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
  const code = useErrorCode(error);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (status === 401) navigate(sitePaths.loginThenBack(pathname + search), { replace: true });
  }, [status, navigate, pathname, search]);
  // A page opened in a new tab or from a bookmark has nowhere to go back to: Voltar goes home.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate("/"));
  return (
    <div className={styles.page}>
      <p className={styles.status} aria-hidden>
        {status}
      </p>
      <h1 className={styles.title}>{errorTitle(error)}</h1>
      {status === 403 ? <p className={styles.text}>{ACCESS_DENIED}</p> : null}
      {status !== 401 && code ? (
        <p className={styles.text}>
          Código do erro: <code data-error-code="">{code}</code>
        </p>
      ) : null}
      <button type="button" className={buttonClass()} onClick={back}>
        Voltar
      </button>
    </div>
  );
}
