import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { invalid } from "../../../common/errors.ts";
import { RESET_LINK_DEAD } from "../../../common/password-reset-messages.ts";
import type { PasswordResetInput } from "../../../common/schemas/password-reset.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { Actor } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import { hashPassword } from "./password.ts";
import { passwordResets } from "./tables.ts";

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Requests per client address (someone probing addresses) and per e-mail (someone flooding one inbox). */
export type ResetThrottles = { address: Throttle; account: Throttle };

export function createResetThrottles(throttle: ThrottleFactory): ResetThrottles {
  const limit = (name: string, maxHits: number, whose: string) =>
    throttle({
      name,
      maxHits,
      windowMs: 60 * 60 * 1000,
      message: `Muitos pedidos de nova senha ${whose}. Aguarde até uma hora e tente novamente.`,
    });
  return {
    address: limit("reset-address", 10, "a partir deste endereço"),
    account: limit("reset-account", 3, "para este e-mail"),
  };
}

/**
 * 'Esqueci minha senha': a single-use link, valid for an hour, sent by e-mail. Only the token's SHA-256
 * is kept; using it sets the password and ends every session of that account.
 */
export function createPasswordResetService(context: ServiceContext, throttles: ResetThrottles) {
  const { db } = context;

  return {
    /**
     * Sends the link when the address has an account; the caller answers the same either way.
     * `origin` builds the link when BASE_URL is not set (development).
     */
    async requestPasswordReset(email: string, clientAddress: string, origin: string): Promise<void> {
      await throttles.address.take(clientAddress);
      await throttles.account.take(email);
      const [user] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (!user) return;
      const token = randomBytes(32).toString("base64url");
      const link = new URL(`${sitePaths.resetPassword}?token=${token}`, context.config.BASE_URL ?? origin).href;
      await context.transaction(async ({ db: tx, services }) => {
        await tx.insert(passwordResets).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
        });
        await services.mail.queue("password-reset", user.email, { name: user.name, link });
      });
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
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(eq(users.id, spent.userId))
          .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
        if (!user) throw invalid(RESET_LINK_DEAD, { token: [RESET_LINK_DEAD] });
        await services.auth.revokeSessions(user.id, null);
        return user;
      });
    },
  };
}
