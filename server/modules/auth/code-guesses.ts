import { and, count, eq, gt, lt, max, sql } from "drizzle-orm";
import { formatDateTime } from "../../../common/dates/format.ts";
import { rateLimited } from "../../../common/errors.ts";
import { readTwoFactorCode } from "../../../common/schemas/auth.ts";
import type { Actor } from "../../kernel/access.ts";
import type { AuthContext } from "./context.ts";
import { wrongCodes } from "./tables.ts";

/*
 * The growing delay between wrong codes of one account (docs/decisions/0020), whatever the address they
 * come from, so one person's typos never lock out another behind the same address (issue 33, item 17).
 *
 * The bound: after n wrong codes in the last 7 days the next app code waits delayAfter(n): nothing for
 * the first FREE_WRONG_CODES, then 1 min, doubling, at most 24 h. Within any 7 days (10,080 min) the
 * k-th wrong code waited at least delayAfter(k - 1) after the one before, so the waits of one window
 * add up to at least (1 + 2 + … + 1024) + 1440·m minutes for k = 3 + 11 + m codes: 2,047 + 1,440·m
 * ≤ 10,080 gives m ≤ 5, so at most 19 guesses a week, 19 × 53 ≈ 1,007 a year. A guess matches one of
 * the 3 codes accepted at a time (now and one step either way) out of 10⁶, so a year of guessing with
 * the right password succeeds with odds of at most 1,007 × 3 / 10⁶ ≈ 0.3 % (under 1 %). A right code does
 * not clear the count: if it did, each of the owner's sign-ins would hand the attacker a new burst.
 * Recovery codes (80 random bits each) are never delayed, so the owner can always sign in with one.
 */
export const FREE_WRONG_CODES = 3;
export const WRONG_CODES_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 60 * 1000;
const MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/** How long the next app code waits after `wrong` wrong codes in the window. */
export function delayAfter(wrong: number): number {
  if (wrong < FREE_WRONG_CODES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (wrong - FREE_WRONG_CODES), MAX_DELAY_MS);
}

const delayed = (until: Date) =>
  rateLimited(
    `Muitos códigos errados nesta conta. Tente o código do aplicativo de novo a partir de ${formatDateTime(until)}, ou entre agora com um código de recuperação.`,
  );

/**
 * Checks `typed` with `spend` under the account's delay, on the caller's transaction (it takes the
 * account's advisory lock, so simultaneous guesses from several processes wait their turn). An app code
 * typed during the delay is refused unchecked (429); a wrong code of either kind is kept. The wrong code
 * that starts the delay tells the owner by e-mail and writes an audit entry: with a code asked for, the
 * password was right.
 */
export async function spendUnderDelay(
  context: AuthContext,
  user: Actor,
  typed: string,
  spend: () => Promise<boolean>,
): Promise<boolean> {
  if (!context.inTransaction) throw new Error("spendUnderDelay runs inside the code's transaction");
  const { db } = context;
  const now = Date.now();
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`two-factor-codes:${user.id}`}, 0))`);
  const since = new Date(now - WRONG_CODES_WINDOW_MS);
  const [recent] = await db
    .select({ wrong: count(), last: max(wrongCodes.at) })
    .from(wrongCodes)
    .where(and(eq(wrongCodes.userId, user.id), gt(wrongCodes.at, since)));
  const wrong = recent?.wrong ?? 0;
  const last = recent?.last ? new Date(recent.last).getTime() : null;
  if (last !== null && readTwoFactorCode(typed)?.kind === "totp") {
    const until = last + delayAfter(wrong);
    if (now < until) throw delayed(new Date(until));
  }
  if (await spend()) return true;
  await db.delete(wrongCodes).where(and(eq(wrongCodes.userId, user.id), lt(wrongCodes.at, since)));
  await db.insert(wrongCodes).values({ userId: user.id, at: new Date(now) });
  if (wrong + 1 === FREE_WRONG_CODES) {
    await context.services.audit.record({
      actor: user,
      recordId: user.id,
      recordLabel: user.name,
      action: "two_factor.codes_delayed",
      details: { "Códigos errados": FREE_WRONG_CODES },
    });
    await context.services.mail.queue("two-factor-guessing", user.email, {
      name: user.name,
      at: formatDateTime(new Date(now)),
    });
  }
  return false;
}
