import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { unauthenticated } from "../../../common/errors.ts";
import type { LoginInput } from "../../../common/schemas/auth.ts";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { sessions } from "./tables.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export type Session = { token: string; expiresAt: Date };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// A fixed hash so an unknown e-mail costs the same time as a wrong password.
const dummyHash = hashPassword("not-a-real-password");

/** Failed logins are limited per client address and per e-mail, so rotating addresses does not help either. */
export type LoginThrottles = { address: Throttle; account: Throttle };

export function createAuthService(db: Db, throttles: LoginThrottles) {
  async function createSession(userId: number): Promise<Session> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  return {
    createSession,

    /**
     * Checks credentials. The attempt is counted against the address and the e-mail before the slow
     * password check, so simultaneous guesses are limited like sequential ones; a right password is
     * then uncounted, but earlier failures stay, so one valid account cannot reopen guessing at others.
     */
    async login(input: LoginInput, clientAddress: string): Promise<{ session: Session; user: Actor }> {
      await throttles.address.take(clientAddress);
      try {
        await throttles.account.take(input.email);
      } catch (error) {
        await throttles.address.giveBack(clientAddress);
        throw error;
      }
      const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
      if (!user || !valid) throw unauthenticated("E-mail ou senha inválidos.");
      await throttles.address.giveBack(clientAddress);
      await throttles.account.giveBack(input.email);
      const session = await createSession(user.id);
      return { session, user: { id: user.id, name: user.name, email: user.email, role: user.role } };
    },

    async logout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Signs a user out everywhere, except (optionally) the session making the request. */
    async revokeSessions(userId: number, exceptToken: string | null): Promise<void> {
      const sameUser = eq(sessions.userId, userId);
      await db
        .delete(sessions)
        .where(exceptToken ? and(sameUser, ne(sessions.tokenHash, hashToken(exceptToken))) : sameUser);
    },

    /** The user behind a session token, or null when it is unknown or expired. */
    async userForToken(token: string): Promise<Actor | null> {
      const now = new Date();
      const [row] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          tokenHash: sessions.tokenHash,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.tokenHash, row.tokenHash));
      }
      return { id: row.id, name: row.name, email: row.email, role: row.role };
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

const LOGIN_WINDOW_MINUTES = 15;

// A flood at one e-mail locks its owner out too; refused attempts are not counted, so once it stops the window ends it.
export function createLoginThrottles(throttle: ThrottleFactory): LoginThrottles {
  const limit = (name: string, whose: string) =>
    throttle({
      name,
      maxHits: 10,
      windowMs: LOGIN_WINDOW_MINUTES * 60 * 1000,
      message: `Muitas tentativas de login ${whose}. Aguarde até ${LOGIN_WINDOW_MINUTES} minutos e tente novamente.`,
    });
  return {
    address: limit("login-address", "a partir deste endereço"),
    account: limit("login-account", "para este e-mail"),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
