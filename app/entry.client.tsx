import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { watchDataRequests } from "./lib/data-request-id.ts";

/**
 * React Router's own entry, plus two things. When the page's HTML and its first render in the browser
 * differ, React throws the server's HTML away and draws the page again, losing whatever was typed or
 * chosen before (issue 24). Production builds only say "error #418"; this names the component. And the
 * request id of a navigation's failed data request, for its error page's code.
 */
watchDataRequests();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError(error, info) {
        console.error("Hydration mismatch:", error instanceof Error ? error.message : error, info.componentStack);
      },
    },
  );
});
