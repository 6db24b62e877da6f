import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { invalid } from "../../../common/errors.ts";
import { RESET_LINK_DEAD, RESET_NEEDS_BASE_URL } from "../../../common/password-reset-messages.ts";
import type { PasswordResetInput } from "../../../common/schemas/password-reset.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import type { AuthContext } from "./context.ts";
import { hashPassword } from "./password.ts";
import { passwordResets } from "./tables.ts";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/**
 * A request sent again within this time, while the link it made is unused, is the same request (a double
 * click, a form posted twice on a slow connection): it gets the same answer and no second e-mail.
 */
export const REPEAT_WINDOW_SECONDS = 10;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Requests per client address (someone probing addresses) and per e-mail (someone flooding one inbox). */
export type ResetThrottles = { address: Throttle; account: Throttle };

/**
 * The process's side of the reset requests: their limits, and the links being written after the answer
 * went out (see requestPasswordReset).
 */
export type ResetState = { throttles: ResetThrottles; inFlight: Set<Promise<void>> };

export function createResetState(throttle: ThrottleFactory): ResetState {
  const limit = (name: string, maxHits: number, whose: string) =>
    throttle({
      name,
      maxHits,
      windowMs: 60 * 60 * 1000,
      message: `Muitos pedidos de nova senha ${whose}. Aguarde até uma hora e tente novamente.`,
    });
  return {
    throttles: {
      address: limit("reset-address", 10, "a partir deste endereço"),
      account: limit("reset-account", 3, "para este e-mail"),
    },
    inFlight: new Set(),
  };
}

/**
 * 'Esqueci minha senha': a single-use link, valid for an hour, sent by e-mail. Only the token's SHA-256
 * is kept; using it sets the password and ends every session of that account.
 */
export function createPasswordResetService(context: AuthContext, state: ResetState) {
  const { db } = context;
  const { throttles } = state;

  /**
   * Looks the address up and, when it has an account, stores the link and queues its e-mail, unless the
   * same request made one a moment ago.
   */
  async function sendLink(email: string, baseUrl: string): Promise<void> {
    const [user] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return;
    const token = randomBytes(32).toString("base64url");
    const link = new URL(`${sitePaths.resetPassword}?token=${token}`, baseUrl).href;
    await context.transaction(async ({ db: tx, services }) => {
      // One account's requests one at a time, so a copy sent at the same moment sees the first's link.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password-reset:${user.id}`}, 0))`);
      const [repeated] = await tx
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, user.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.createdAt, sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`),
          ),
        )
        .limit(1);
      if (repeated) return;
      await tx.insert(passwordResets).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
      });
      await services.mail.queue("password-reset", user.email, { name: user.name, link });
    });
  }

  return {
    /** Spends every link of the account still waiting: its e-mail changed, and the old inbox holds them. */
    async cancelPasswordResets(userId: number): Promise<void> {
      await context.db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
    },

    /**
     * Answers the same, in the same time, whether or not the address has an account: only the limits
     * are counted before the answer; the lookup and the link's e-mail happen after it, so the answer's
     * timing cannot tell who has an account (writing the link made it slower for accounts). The link
     * carries a secret, so it is built only on BASE_URL, never on the request's Host header: without
     * BASE_URL nothing is sent and the server says why (administrators see it on /conta too).
     */
    async requestPasswordReset(email: string, clientAddress: string): Promise<void> {
      // The work after the answer outlives the caller: a transaction of the caller's would be over by then.
      if (context.inTransaction) throw new Error("requestPasswordReset runs outside a transaction");
      await throttles.address.take(clientAddress);
      await throttles.account.take(email);
      const baseUrl = context.config.BASE_URL;
      if (!baseUrl) {
        context.logger.warn(
          "password reset e-mail not sent: BASE_URL is not set, and a link carrying a secret is never built from the request's Host header (docs/deploy.md)",
        );
        return;
      }
      const sending = sendLink(email, baseUrl)
        .catch((error: unknown) => context.logger.error({ err: error }, "password reset e-mail failed"))
        .finally(() => state.inFlight.delete(sending));
      state.inFlight.add(sending);
    },

    /** What administrators are told while no reset e-mail can be sent (no BASE_URL); null for everyone else. */
    resetMailNotice(actor: Actor | null): string | null {
      return actor !== null && isAdmin(actor) && !context.config.BASE_URL ? RESET_NEEDS_BASE_URL : null;
    },

    /** Resolves once every reset request this process answered has written its link (tests, shutdown). */
    async resetRequestsSettled(): Promise<void> {
      while (state.inFlight.size > 0) await Promise.all(state.inFlight);
    },

    /** Whether a link still works, for the page to offer the form or a new link. */
    async isResetLinkUsable(token: string): Promise<boolean> {
      const [row] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.tokenHash, hashToken(token)),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Sets the new password, spends the link (and every other link of the account) and ends every session;
     * the caller signs the person in again (services.auth.createSession).
     */
    async resetPassword(input: PasswordResetInput): Promise<Actor> {
      const passwordHash = await hashPassword(input.password);
      const now = new Date();
      return context.transaction(async ({ db: tx, services }) => {
        // Marking it used in the same statement that finds it: two requests with one link cannot both pass.
        const [spent] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(input.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, now),
            ),
          )
          .returning({ userId: passwordResets.userId });
        if (!spent) throw invalid(RESET_LINK_DEAD, { token: [RESET_LINK_DEAD] });
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
        const user = await services.users.setPassword(spent.userId, passwordHash);
        if (!user) throw invalid(RESET_LINK_DEAD, { token: [RESET_LINK_DEAD] });
        await services.auth.revokeSessions(user.id, null);
        return user;
      });
    },
  };
}
