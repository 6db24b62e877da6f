import { eq } from "drizzle-orm";
import type { AuthContext } from "./context.ts";
import { twoFactorSecrets } from "./tables.ts";
import { newTotpSecret } from "./totp.ts";

/*
 * TOTP secrets at rest (kernel/secret-box.ts): sealed under SECRETS_KEY when it is set. One that cannot be
 * opened (sealed under another key) reads as a fresh random secret nobody has: the account keeps asking for
 * its second step, a code is as hard to guess as ever, and its owner signs in with a recovery code. (An
 * empty secret would not do: anyone can compute the codes of an empty key.)
 */

/** What a sealed TOTP secret is bound to, in two_factor_secrets and login_challenges alike. */
const PURPOSE = "two_factor.secret";

export const sealTotpSecret = (context: Pick<AuthContext, "secretBox">, secret: string): string =>
  context.secretBox.seal(PURPOSE, secret);

/** The secret as the app has it; a random one nobody has when it was sealed under a key that is not set now. */
export function openTotpSecret(context: Pick<AuthContext, "secretBox">, stored: string): string {
  const opened = context.secretBox.open(PURPOSE, stored);
  return opened.ok ? opened.value : newTotpSecret();
}

/** The accounts' secrets at rest: how many cannot be read now, and the start's sealing. */
export function createTwoFactorAtRest(context: AuthContext) {
  return {
    /** How many accounts' TOTP secrets were sealed under a key that is not set now (or are damaged). */
    async unreadableTwoFactorSecrets(): Promise<number> {
      const rows = await context.db.select({ secret: twoFactorSecrets.secret }).from(twoFactorSecrets);
      return rows.filter((row) => !context.secretBox.open(PURPOSE, row.secret).ok).length;
    },

    /**
     * Seals the secrets kept in clear (from before SECRETS_KEY) or under SECRETS_KEY_OLD; answers how many.
     * The rows are locked: two processes starting at once seal each once.
     */
    async sealTwoFactorSecrets(): Promise<number> {
      const box = context.secretBox;
      if (!box.sealing) return 0;
      return context.transaction(async (tx) => {
        const rows = await tx.db
          .select({ userId: twoFactorSecrets.userId, secret: twoFactorSecrets.secret })
          .from(twoFactorSecrets)
          .for("update");
        let sealed = 0;
        for (const row of rows) {
          if (!box.needsSealing(row.secret)) continue;
          const opened = box.open(PURPOSE, row.secret);
          if (!opened.ok) continue;
          await tx.db
            .update(twoFactorSecrets)
            .set({ secret: box.seal(PURPOSE, opened.value) })
            .where(eq(twoFactorSecrets.userId, row.userId));
          sealed++;
        }
        return sealed;
      });
    },
  };
}
