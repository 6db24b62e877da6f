import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { sitePaths } from "../../common/site-paths.ts";
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

/**
 * Spec §2: 404 shows 'Página não encontrada', any other status 'Ocorreu um erro'; a 403 also
 * says why. A 401 means the session is gone: the browser goes to sign in and comes back here.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const status = errorStatus(error);
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
      <button type="button" className={buttonClass()} onClick={back}>
        Voltar
      </button>
    </div>
  );
}
