import { createContext } from "react";

/**
 * The nonce of the current server render, for inline scripts rendered outside React Router's own
 * components (Mantine's ColorSchemeScript). Undefined in the browser, which never needs it.
 */
export const CspNonce = createContext<string | undefined>(undefined);
