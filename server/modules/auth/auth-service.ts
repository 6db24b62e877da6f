import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, lt, ne, notExists, or, sql } from "drizzle-orm";
import { DomainError, forbidden, unauthenticated } from "../../../common/errors.ts";
import {
  CHALLENGE_EXHAUSTED,
  CHALLENGE_GONE,
  type LoginInput,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_ENROL_ON_SITE,
} from "../../../common/schemas/auth.ts";
import type { SessionListView, TwoFactorSetupView } from "../../../common/views/auth.ts";
import { type Actor, isAdmin, requireUser } from "../../kernel/access.ts";
import { currentRequest } from "../../kernel/request-context.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import type { AuthContext } from "./context.ts";
import { deviceOf } from "./devices.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { loginChallenges, sessions, twoFactorSecrets } from "./tables.ts";
import { newTotpSecret } from "./totp.ts";
import {
  afterEnabled,
  confirmChallengeSecret,
  isRequiredOf,
  secretFromColumn,
  secretOf,
  secretToColumn,
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

export function createAuthService(context: AuthContext, throttles: LoginThrottles) {
  const { db } = context;

  /** A new session, named by the browser and address of the request that opens it ('Meus dados' lists them). */
  async function createSession(userId: number): Promise<Session> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const request = currentRequest();
    await db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      userAgent: request?.userAgent ?? "",
      address: request?.address ?? "",
    });
    return { token, expiresAt };
  }

  /** Signs a user out everywhere, except (optionally) the session making the request; how many ended. */
  async function revokeSessions(userId: number, exceptToken: string | null): Promise<number> {
    const sameUser = eq(sessions.userId, userId);
    const ended = await db
      .delete(sessions)
      .where(exceptToken ? and(sameUser, ne(sessions.tokenHash, hashToken(exceptToken))) : sameUser)
      .returning({ userId: sessions.userId });
    return ended.length;
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

  /**
   * A challenge for the step still to take. An enrolment gets a new secret of its own, kept on the
   * challenge: another sign-in (someone else's with the same password included) makes another, and
   * neither page shows or replaces the other's.
   */
  async function startChallenge(user: Actor, purpose: ChallengePurpose): Promise<SignInStep> {
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    const secret = purpose === "enrol" ? secretToColumn(context, newTotpSecret()) : null;
    await context.transaction(async (tx) => {
      await tx.db
        .delete(loginChallenges)
        .where(and(eq(loginChallenges.userId, user.id), lt(loginChallenges.expiresAt, new Date())));
      await tx.db
        .insert(loginChallenges)
        .values({ tokenHash: hashToken(token), userId: user.id, purpose, expiresAt, secret });
    });
    return { kind: "challenge", purpose, token, expiresAt };
  }

  /** After the right password (or a reset link's new one): the session, or the step still to take. */
  async function continueSignIn(user: Actor, how: string = HOW.password): Promise<SignInStep> {
    const purpose = await secondStepOf(user);
    if (purpose === null) return { kind: "session", session: await openSession(user, how), user };
    return startChallenge(user, purpose);
  }

  async function openChallengeRow(token: string) {
    const [row] = await db
      .select({
        ...actorColumns,
        purpose: loginChallenges.purpose,
        expiresAt: loginChallenges.expiresAt,
        secret: loginChallenges.secret,
      })
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
    return row ?? null;
  }

  async function challengeOf(token: string): Promise<OpenChallenge | null> {
    const row = await openChallengeRow(token);
    if (!row) return null;
    const { purpose, expiresAt, secret: _secret, ...user } = row;
    return { purpose, user, expiresAt };
  }

  return {
    createSession,

    /**
     * Signing in with every step in one request (POST /api/auth/login, the first-time setup): the e-mail
     * and password, then the code when the account asks for one. The attempt is counted against the
     * address and the e-mail before the slow password check, so simultaneous guesses are limited like
     * sequential ones; a wrong code counts towards the account's growing delay (code-guesses.ts). An
     * administrator who must first add an authenticator does that on the site's pages (403).
     */
    async login(input: LoginInput, clientAddress: string): Promise<{ session: Session; user: Actor }> {
      const user = await checkPassword(input, clientAddress);
      // The password was right: a wrong code counts against the account's own delay, not the address's.
      await uncount(clientAddress, input.email);
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
        return { session, user };
      }
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

    /** The secret of this enrolment challenge, for its page; null when the challenge is gone or is not one. */
    async enrolmentOf(token: string): Promise<TwoFactorSetupView | null> {
      const challenge = await openChallengeRow(token);
      if (challenge?.purpose !== "enrol" || challenge.secret === null) return null;
      if ((await secretOf(context, challenge.id))?.confirmedAt) return null;
      return setupViewOf(context, secretFromColumn(context, challenge.secret), challenge.email);
    },

    /**
     * Answers a challenge of the step `step` with a code: the app's (or a recovery code) for 'code', the
     * first code of the challenge's own new authenticator for 'enrol', which also gives the recovery codes,
     * shown once, and ends the account's other sessions. A challenge of the other step is refused as gone.
     * Each code counts against the challenge, which ends after CHALLENGE_MAX_ATTEMPTS wrong ones, and a
     * code of the account's app against the account's growing delay (per account, never per address: one
     * person's typos must not lock out another behind the same address). A right code opens the session
     * and spends the challenge.
     */
    async answerChallenge(
      token: string,
      code: string,
      step: ChallengePurpose,
    ): Promise<{ session: Session; user: Actor; recoveryCodes: string[] | null }> {
      const challenge = await openChallengeRow(token);
      if (challenge?.purpose !== step) throw unauthenticated(CHALLENGE_GONE);
      const { purpose, expiresAt: _expiresAt, secret, ...user } = challenge;
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
          purpose === "code"
            ? await spendCode(tx, user, code)
            : secret !== null && (await confirmChallengeSecret(tx, user.id, secretFromColumn(tx, secret), code));
        if (!accepted) return null;
        const [spent] = await tx.db
          .delete(loginChallenges)
          .where(eq(loginChallenges.tokenHash, tokenHash))
          .returning({ userId: loginChallenges.userId });
        if (!spent) throw unauthenticated(CHALLENGE_GONE);
        const recoveryCodes = purpose === "enrol" ? await afterEnabled(tx, user, null) : null;
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
      return { ...done, user };
    },

    async logout(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    revokeSessions,

    /**
     * The sessions of administrators and super users who have no second factor of their own: ended when a
     * super user requires it (settings-service.ts, on her transaction), so none opened before outlives it.
     * Hers (`requiredBy`) end too when she has none, but for the session deciding now (`keepToken`): an old
     * token of hers could otherwise switch the requirement off again (docs/decisions/0020).
     */
    async endSessionsWithoutSecondFactor(requiredBy: number, keepToken: string | null): Promise<void> {
      const confirmed = db
        .select({ userId: twoFactorSecrets.userId })
        .from(twoFactorSecrets)
        .where(and(eq(twoFactorSecrets.userId, users.id), isNotNull(twoFactorSecrets.confirmedAt)));
      const unprotected = db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, ["admin", "super"]), notExists(confirmed)));
      const keep = keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined;
      await db
        .delete(sessions)
        .where(and(inArray(sessions.userId, unprotected), or(ne(sessions.userId, requiredBy), keep)));
    },

    /** One's sessions, the latest used first, for 'Meus dados': the device, the address, and which is this one. */
    async sessionsOf(actor: Actor | null, currentToken: string | null): Promise<SessionListView> {
      const user = requireUser(actor);
      const current = currentToken ? hashToken(currentToken) : null;
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
        .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
      return rows.map((row) => ({
        device: deviceOf(row.userAgent),
        address: row.address,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        current: row.tokenHash === current,
      }));
    },

    /** "Sair das outras sessões": every session of hers but this one ends; the audit log keeps how many. */
    async endOtherSessions(actor: Actor | null, currentToken: string | null): Promise<number> {
      const user = requireUser(actor);
      return context.transaction(async (tx) => {
        const ended = await tx.services.auth.revokeSessions(user.id, currentToken);
        await tx.services.audit.record({
          actor: user,
          action: "auth.other_sessions_ended",
          recordId: user.id,
          recordLabel: user.name,
          details: { "Sessões encerradas": ended },
        });
        return ended;
      });
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
        const address = currentRequest()?.address;
        await db
          .update(sessions)
          .set({ lastUsedAt: now, ...(address ? { address } : {}) })
          .where(eq(sessions.tokenHash, row.tokenHash));
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
