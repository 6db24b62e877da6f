import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { DomainError, forbidden, unauthenticated } from "../../../common/errors.ts";
import {
  CHALLENGE_EXHAUSTED,
  CHALLENGE_GONE,
  type LoginInput,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_ENROL_ON_SITE,
} from "../../../common/schemas/auth.ts";
import type { TwoFactorSetupView } from "../../../common/views/auth.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { loginChallenges, sessions } from "./tables.ts";
import {
  afterEnabled,
  confirmPendingSecret,
  isRequiredOf,
  replacePendingSecret,
  secretOf,
  setupViewOf,
  spendCode,
} from "./two-factor.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** Time to type a code, or to add the site to an authenticator app, after the right password. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one challenge takes before the password must be typed again. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export type Session = { token: string; expiresAt: Date };

/** The step a right password leads to when a session must wait: a code, or adding an authenticator first. */
export type ChallengePurpose = "code" | "enrol";

/** Where a right password leads on the pages: a session, or the challenge of the step still to take. */
export type SignInStep =
  | { kind: "session"; session: Session; user: Actor }
  | { kind: "challenge"; purpose: ChallengePurpose; token: string; expiresAt: Date };

/** A challenge still open: its step and whose it is. */
export type OpenChallenge = { purpose: ChallengePurpose; user: Actor; expiresAt: Date };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

// A fixed hash so an unknown e-mail costs the same time as a wrong password.
const dummyHash = hashPassword("not-a-real-password");

const WRONG_CREDENTIALS = "E-mail ou senha inválidos.";

/** Failed logins are limited per client address and per e-mail, so rotating addresses does not help either. */
export type LoginThrottles = { address: Throttle; account: Throttle };

/** A wrong code, as the field's error too: the pages show it beside the field, token clients read `errors.code`. */
const wrongCode = () =>
  new DomainError("unauthenticated", `${TWO_FACTOR_CODE_WRONG}.`, { code: [TWO_FACTOR_CODE_WRONG] });

const actorColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

/** The sign-in's audit entries' words for how a session was opened. */
const HOW = {
  password: "senha",
  code: "senha e código de verificação",
  enrol: "senha e ativação da verificação em duas etapas",
} as const;

export function createAuthService(context: ServiceContext, throttles: LoginThrottles) {
  const { db } = context;

  async function createSession(userId: number): Promise<Session> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
    return { token, expiresAt };
  }

  /**
   * A session for someone who has passed every step, with the administrators' sign-in entry in the
   * audit log on the same transaction (customers' sign-ins are not administrative acts).
   */
  function openSession(user: Actor, how: string): Promise<Session> {
    return context.transaction(async (tx) => {
      const session = await tx.services.auth.createSession(user.id);
      if (isAdmin(user))
        await tx.services.audit.record({
          actor: user,
          action: "auth.signed_in",
          recordId: user.id,
          recordLabel: user.name,
          details: { "E-mail": user.email, Como: how },
        });
      return session;
    });
  }

  /** Every refused sign-in is in the audit log: the e-mail tried and why, never the password or the code. */
  async function recordFailure(email: string, user: Actor | null, reason: string): Promise<void> {
    await context.services.audit.record({
      actor: user,
      action: "auth.sign_in_failed",
      recordId: user?.id ?? null,
      recordLabel: user?.name ?? email,
      details: { "E-mail": email, Motivo: reason },
    });
  }

  /** One attempt counted against the address and the e-mail, before any slow check. */
  async function countAttempt(clientAddress: string, email: string): Promise<void> {
    await throttles.address.take(clientAddress);
    try {
      await throttles.account.take(email);
    } catch (error) {
      await throttles.address.giveBack(clientAddress);
      throw error;
    }
  }

  /** A right answer is uncounted; earlier failures stay, so one valid account cannot reopen guessing at others. */
  async function uncount(clientAddress: string, email: string): Promise<void> {
    await throttles.address.giveBack(clientAddress);
    await throttles.account.giveBack(email);
  }

  /** The e-mail and password, counted (countAttempt) and left counted when wrong. */
  async function checkPassword(input: { email: string; password: string }, clientAddress: string): Promise<Actor> {
    await countAttempt(clientAddress, input.email);
    const [user] = await db
      .select({ ...actorColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, input.email))
      .limit(1);
    const valid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
    if (!user || !valid) {
      const actor = user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null;
      await recordFailure(input.email, actor, user ? "senha incorreta" : "e-mail sem conta");
      throw unauthenticated(WRONG_CREDENTIALS);
    }
    return { id: user.id, name: user.name, email: user.email, role: user.role };
  }

  /**
   * The step a right password still leads to: a code when the account has the verification in two steps,
   * adding an authenticator when the site requires it of this administrator and she has none yet.
   */
  async function secondStepOf(user: Actor): Promise<ChallengePurpose | null> {
    if ((await secretOf(context, user.id))?.confirmedAt) return "code";
    return (await isRequiredOf(context, user)) ? "enrol" : null;
  }

  /** A challenge for the step still to take; an enrolment gets a new secret to add to the app. */
  async function startChallenge(user: Actor, purpose: ChallengePurpose): Promise<SignInStep> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    await context.transaction(async (tx) => {
      await tx.db
        .delete(loginChallenges)
        .where(and(eq(loginChallenges.userId, user.id), lt(loginChallenges.expiresAt, new Date())));
      await tx.db.insert(loginChallenges).values({ tokenHash: hashToken(token), userId: user.id, purpose, expiresAt });
      if (purpose === "enrol") await replacePendingSecret(tx, user.id);
    });
    return { kind: "challenge", purpose, token, expiresAt };
  }

  /** After the right password (or a reset link's new one): the session, or the step still to take. */
  async function continueSignIn(user: Actor, how: string = HOW.password): Promise<SignInStep> {
    const purpose = await secondStepOf(user);
    if (purpose === null) return { kind: "session", session: await openSession(user, how), user };
    return startChallenge(user, purpose);
  }

  async function challengeOf(token: string): Promise<OpenChallenge | null> {
    const [row] = await db
      .select({ ...actorColumns, purpose: loginChallenges.purpose, expiresAt: loginChallenges.expiresAt })
      .from(loginChallenges)
      .innerJoin(users, eq(users.id, loginChallenges.userId))
      .where(
        and(
          eq(loginChallenges.tokenHash, hashToken(token)),
          gt(loginChallenges.expiresAt, new Date()),
          lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { purpose, expiresAt, ...user } = row;
    return { purpose, user, expiresAt };
  }

  return {
    createSession,

    /**
     * Signing in with every step in one request (POST /api/auth/login, the first-time setup): the e-mail
     * and password, then the code when the account asks for one. The attempt is counted against the
     * address and the e-mail before the slow password check, so simultaneous guesses are limited like
     * sequential ones; a wrong code stays counted as a wrong password does. An administrator who must
     * first add an authenticator does that on the site's pages (403).
     */
    async login(input: LoginInput, clientAddress: string): Promise<{ session: Session; user: Actor }> {
      const user = await checkPassword(input, clientAddress);
      const purpose = await secondStepOf(user);
      const { code } = input;
      if (purpose === "code" && code !== undefined) {
        const session = await context.transaction(async (tx) =>
          (await spendCode(tx, user, code)) ? tx.services.auth.openSession(user, HOW.code) : null,
        );
        if (!session) {
          await recordFailure(input.email, user, "código de verificação inválido");
          throw wrongCode();
        }
        await uncount(clientAddress, input.email);
        return { session, user };
      }
      // The password was right: what is missing is not a wrong guess.
      await uncount(clientAddress, input.email);
      if (purpose === "enrol") throw forbidden(TWO_FACTOR_ENROL_ON_SITE, { two_factor: [TWO_FACTOR_ENROL_ON_SITE] });
      if (purpose === "code")
        throw new DomainError("unauthenticated", `${TWO_FACTOR_CODE_NEEDED}.`, { code: [TWO_FACTOR_CODE_NEEDED] });
      return { session: await openSession(user, HOW.password), user };
    },

    /**
     * The pages' sign-in: the e-mail and password (counted as login's), then a session, or a challenge
     * for the step of its own that asks for the code (or for adding an authenticator first).
     */
    async beginSignIn(input: LoginInput, clientAddress: string): Promise<SignInStep> {
      const user = await checkPassword(input, clientAddress);
      await uncount(clientAddress, input.email);
      return continueSignIn(user);
    },

    continueSignIn,
    secondStepOf,
    openSession,

    /** The challenge behind a cookie's token while it may still be answered; null once expired or spent. */
    challengeOf,

    /** The secret an enrolment challenge's page shows; null when the challenge is gone or is not one. */
    async enrolmentOf(token: string): Promise<TwoFactorSetupView | null> {
      const challenge = await challengeOf(token);
      if (challenge?.purpose !== "enrol") return null;
      const secret = await secretOf(context, challenge.user.id);
      if (!secret || secret.confirmedAt) return null;
      return setupViewOf(context, secret.secret, challenge.user.email);
    },

    /**
     * Answers a challenge with a code: the app's (or a recovery code) for 'code', the first code of the new
     * authenticator for 'enrol', which also gives the recovery codes, shown once. Each code is counted as
     * a password is (per address and per account) and against the challenge, which ends after
     * CHALLENGE_MAX_ATTEMPTS wrong ones. A right code opens the session and spends the challenge.
     */
    async answerChallenge(
      token: string,
      code: string,
      clientAddress: string,
    ): Promise<{ session: Session; user: Actor; recoveryCodes: string[] | null }> {
      const challenge = await challengeOf(token);
      if (!challenge) throw unauthenticated(CHALLENGE_GONE);
      const { user, purpose } = challenge;
      await countAttempt(clientAddress, user.email);
      const tokenHash = hashToken(token);
      const [counted] = await db
        .update(loginChallenges)
        .set({ attempts: sql`${loginChallenges.attempts} + 1` })
        .where(
          and(
            eq(loginChallenges.tokenHash, tokenHash),
            gt(loginChallenges.expiresAt, new Date()),
            lt(loginChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
          ),
        )
        .returning({ attempts: loginChallenges.attempts });
      if (!counted) throw unauthenticated(CHALLENGE_GONE);
      const done = await context.transaction(async (tx) => {
        const accepted =
          purpose === "code" ? await spendCode(tx, user, code) : await confirmPendingSecret(tx, user.id, code);
        if (!accepted) return null;
        const [spent] = await tx.db
          .delete(loginChallenges)
          .where(eq(loginChallenges.tokenHash, tokenHash))
          .returning({ userId: loginChallenges.userId });
        if (!spent) throw unauthenticated(CHALLENGE_GONE);
        const recoveryCodes = purpose === "enrol" ? await afterEnabled(tx, user) : null;
        const session = await tx.services.auth.openSession(user, HOW[purpose]);
        return { session, recoveryCodes };
      });
      if (!done) {
        await recordFailure(user.email, user, "código de verificação inválido");
        if (counted.attempts >= CHALLENGE_MAX_ATTEMPTS) {
          await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
          throw unauthenticated(CHALLENGE_EXHAUSTED);
        }
        throw wrongCode();
      }
      await uncount(clientAddress, user.email);
      return { ...done, user };
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
        .select({ ...actorColumns, tokenHash: sessions.tokenHash, lastUsedAt: sessions.lastUsedAt })
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

    /** Expired sessions and sign-in challenges (a background job). */
    async purgeExpired(): Promise<void> {
      const now = new Date();
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
      await db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
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
