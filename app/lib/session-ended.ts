import { useEffect } from "react";
import { sitePaths } from "../../common/site-paths.ts";
import { showToast } from "./toasts.ts";

export const SESSION_ENDED = "Sua sessão terminou. Entre novamente para continuar.";

/**
 * The account area is only left for /login?redirectTo= when the server found no session on a
 * navigation or a save (a signed-in user is never sent there otherwise): say why. Page loads get
 * the same message from the server as a flash, since no page was open to tell.
 */
export function useSessionEndedNotice() {
  useEffect(
    () => () => {
      // React Router has already moved the address when the account layout goes away.
      const { pathname, search } = window.location;
      if (pathname === sitePaths.login && new URLSearchParams(search).has("redirectTo")) {
        showToast("danger", SESSION_ENDED);
      }
    },
    [],
  );
}
