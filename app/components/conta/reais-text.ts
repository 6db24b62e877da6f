import { formatBRL } from "../../../common/money.ts";

/**
 * Cents as the reais an administrator types into a price field: 123456 -> "1.234,56", null -> "".
 * The shared schemas' moneyField reads the same text back (common/money.ts). It lives with the account's
 * components, out of the public pages' shared chunk (vite.config.ts): money.ts brings zod along.
 */
export const reaisText = (cents: number | null) => (cents === null ? "" : formatBRL(cents).replace("R$ ", ""));
