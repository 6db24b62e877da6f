import { eq } from "drizzle-orm";
import { formatDateTime } from "../../../common/dates/format.ts";
import { conflict, forbidden, invalid, notFound } from "../../../common/errors.ts";
import {
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_REQUIRED_BY_SITE,
  type TwoFactorCodeInput,
  type TwoFactorConfirmInput,
  type TwoFactorDisableInput,
} from "../../../common/schemas/auth.ts";
import type { RecoveryCodesView, TwoFactorSetupView, TwoFactorStatusView } from "../../../common/views/auth.ts";
import { type Actor, requireSuper, requireUser } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { users } from "../users/tables.ts";
import type { AuthContext } from "./context.ts";
import { recoveryCodes, twoFactorSecrets } from "./tables.ts";
import {
  afterEnabled,
  auditRecord,
  confirmPendingSecret,
  isRequiredOf,
  issueRecoveryCodes,
  recoveryCodesLeft,
  replacePendingSecret,
  secretOf,
  setupViewOf,
  spendCode,
} from "./two-factor.ts";

const ALREADY_ON = "A verificação em duas etapas já está ativada.";
const NOT_ON = "A verificação em duas etapas não está ativada.";
const NO_SETUP = "Comece de novo: clique em “Ativar verificação em duas etapas” para ver um novo QR code.";
const PASSWORD_WRONG = "A senha não confere";
const RESET_OWN = "Para a sua própria conta, use a verificação em duas etapas em “Meus dados”.";
const NOTHING_TO_RESET = "Este usuário não tem a verificação em duas etapas.";

/**
 * First codes of a new authenticator typed while signed in, counted per account (codes of the account's
 * own app count towards its growing delay instead: code-guesses.ts).
 */
export function createCodeChecks(throttle: ThrottleFactory): Throttle {
  return throttle({
    name: "two-factor-code",
    maxHits: 5,
    windowMs: 15 * 60 * 1000,
    message: "Muitas tentativas com códigos errados. Aguarde até 15 minutos e tente novamente.",
  });
}

const refusedCode = () => invalid(`${TWO_FACTOR_CODE_WRONG}.`, { code: [TWO_FACTOR_CODE_WRONG] });

/**
 * One's own verification in two steps on 'Meus dados': a new authenticator (QR code and secret) confirmed
 * by its first code, which gives ten recovery codes shown once; new recovery codes for a code; turning it
 * off with the password and a code, unless the site requires it of this administrator.
 */
export function createTwoFactorService(context: AuthContext, codeChecks: Throttle) {
  /** A code of the account's app (or a recovery code), under its growing delay, spent on `work`'s transaction. */
  async function withCode<T>(user: Actor, code: string, work: (tx: AuthContext) => Promise<T>): Promise<T> {
    const done = await context.transaction(async (tx) =>
      (await spendCode(tx, user, code)) ? { value: await work(tx) } : null,
    );
    if (!done) throw refusedCode();
    return done.value;
  }

  /** The e-mail that tells the owner her second step was turned off, by her or by a super user. */
  const toldOff = (tx: AuthContext, user: Actor, bySuper: boolean) =>
    tx.services.mail.queue("two-factor-changed", user.email, {
      name: user.name,
      change: bySuper ? "reset" : "disabled",
      at: formatDateTime(new Date()),
    });

  async function enabledSecret(user: Actor) {
    const secret = await secretOf(context, user.id);
    if (!secret?.confirmedAt) throw conflict(NOT_ON);
    return secret;
  }

  return {
    async twoFactorStatus(actor: Actor | null): Promise<TwoFactorStatusView> {
      const user = requireUser(actor);
      const secret = await secretOf(context, user.id);
      const enabledAt = secret?.confirmedAt ?? null;
      return {
        enabled: enabledAt !== null,
        enabled_at: enabledAt?.toISOString() ?? null,
        required: await isRequiredOf(context, user),
        recovery_codes_left: enabledAt ? await recoveryCodesLeft(context, user.id) : 0,
        setup: secret && !enabledAt ? await setupViewOf(context, secret.secret, user.email) : null,
      };
    },

    /** A new secret to add to the app, in place of one that never got its first code. */
    async startTwoFactor(actor: Actor | null): Promise<TwoFactorSetupView> {
      const user = requireUser(actor);
      const secret = await replacePendingSecret(context, user.id);
      if (secret === null) throw conflict(ALREADY_ON);
      return setupViewOf(context, secret, user.email);
    },

    /** Forgets a secret still waiting for its first code; a confirmed one is turned off elsewhere (disable). */
    async cancelTwoFactorSetup(actor: Actor | null): Promise<void> {
      const user = requireUser(actor);
      const secret = await secretOf(context, user.id);
      if (secret?.confirmedAt) throw conflict(ALREADY_ON);
      await context.db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
    },

    /**
     * The account's password and the first code from the app turn it on: the answer holds the ten recovery
     * codes, shown this once; every other session ends (`currentToken`'s stays) and she is e-mailed.
     */
    async confirmTwoFactor(
      actor: Actor | null,
      input: TwoFactorConfirmInput,
      currentToken: string | null,
    ): Promise<RecoveryCodesView> {
      const user = requireUser(actor);
      const secret = await secretOf(context, user.id);
      if (secret?.confirmedAt) throw conflict(ALREADY_ON);
      if (!secret) throw conflict(NO_SETUP);
      await context.services.users.verifyOwnPassword(user.id, input.password, "password", PASSWORD_WRONG);
      const key = String(user.id);
      await codeChecks.take(key);
      const codes = await context.transaction(async (tx) =>
        (await confirmPendingSecret(tx, user.id, input.code)) ? afterEnabled(tx, user, currentToken) : null,
      );
      if (!codes) throw refusedCode();
      await codeChecks.giveBack(key);
      return { recovery_codes: codes };
    },

    /** Ten new recovery codes for a code (the app's or one of the old ones); the old ones stop working. */
    async renewRecoveryCodes(actor: Actor | null, input: TwoFactorCodeInput): Promise<RecoveryCodesView> {
      const user = requireUser(actor);
      await enabledSecret(user);
      const codes = await withCode(user, input.code, async (tx) => {
        const issued = await issueRecoveryCodes(tx, user.id);
        await tx.services.audit.record({ ...auditRecord(user), action: "two_factor.recovery_codes_renewed" });
        return issued;
      });
      return { recovery_codes: codes };
    },

    /**
     * Turning it off takes the password (counted as every check of one's own password) and a code. While
     * the site requires it of administrators, they cannot.
     */
    async disableTwoFactor(actor: Actor | null, input: TwoFactorDisableInput): Promise<void> {
      const user = requireUser(actor);
      if (await isRequiredOf(context, user)) throw forbidden(TWO_FACTOR_REQUIRED_BY_SITE);
      await enabledSecret(user);
      await context.services.users.verifyOwnPassword(user.id, input.password, "password", PASSWORD_WRONG);
      await withCode(user, input.code, async (tx) => {
        await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
        await tx.db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, user.id));
        await tx.services.audit.record({ ...auditRecord(user), action: "two_factor.disabled" });
        await toldOff(tx, user, false);
      });
    },

    /**
     * A super user clears another person's second factor (a lost phone and lost recovery codes): her
     * secret and recovery codes go, her sessions end, the audit log names who did it, and she is e-mailed.
     * At her next sign-in she adds an authenticator again if the site requires one.
     */
    async resetTwoFactorOf(actor: Actor | null, userId: number): Promise<void> {
      const admin = requireSuper(actor);
      if (admin.id === userId) throw invalid(RESET_OWN);
      await context.transaction(async (tx) => {
        const [target] = await tx.db
          .select({ id: users.id, name: users.name, email: users.email, role: users.role })
          .from(users)
          .where(eq(users.id, userId))
          .for("update");
        if (!target) throw notFound("Usuário não encontrado.");
        const [removed] = await tx.db
          .delete(twoFactorSecrets)
          .where(eq(twoFactorSecrets.userId, userId))
          .returning({ confirmedAt: twoFactorSecrets.confirmedAt });
        if (!removed?.confirmedAt) throw conflict(NOTHING_TO_RESET);
        await tx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        const ended = await tx.services.auth.revokeSessions(userId, null);
        await tx.services.audit.record({
          actor: admin,
          action: "two_factor.reset",
          recordId: target.id,
          recordLabel: target.name,
          details: { "E-mail": target.email, "Sessões encerradas": ended },
        });
        await toldOff(tx, target, true);
      });
    },
  };
}
