import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import { formatDateTime } from "../../../common/dates/format.ts";
import { readTwoFactorCode } from "../../../common/schemas/auth.ts";
import type { TwoFactorSetupView } from "../../../common/views/auth.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import { settings } from "../settings/tables.ts";
import { spendUnderDelay } from "./code-guesses.ts";
import type { AuthContext } from "./context.ts";
import { recoveryCodes, twoFactorSecrets } from "./tables.ts";
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrSvg,
  recoveryCodeHash,
  shownRecoveryCode,
} from "./totp.ts";
import { openTotpSecret, sealTotpSecret } from "./two-factor-at-rest.ts";

/*
 * The verification in two steps' records, shared by the sign-in (auth-service.ts) and 'Meus dados'
 * (two-factor-service.ts). Each function works on the context it is given: the writes that spend a code
 * run on the transaction that also does what the code was asked for.
 */

/**
 * Every TOTP secret written to a column (two_factor_secrets.secret, login_challenges.secret) passes
 * through `secretToColumn`, and every one read through `secretFromColumn`: the one place that decides
 * how secrets are kept at rest: sealed under SECRETS_KEY (two-factor-at-rest.ts, docs/decisions/0021).
 */
export const secretToColumn = sealTotpSecret;
export const secretFromColumn = openTotpSecret;

/** Who an entry of the audit log is about: the account itself. */
export const auditRecord = (user: Actor) => ({ actor: user, recordId: user.id, recordLabel: user.name });

/** The account's secret: confirmed (in use at sign-in) or still waiting for its first code; null when none. */
export async function secretOf(context: AuthContext, userId: number) {
  const [row] = await context.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row ? { ...row, secret: secretFromColumn(context, row.secret) } : null;
}

/**
 * Administrators and super users must sign in with a second step when a super user says so (the settings'
 * require_two_factor, read as it is now: the moment it is switched on counts at the next sign-in).
 */
export async function isRequiredOf(context: AuthContext, user: Actor): Promise<boolean> {
  if (!isAdmin(user)) return false;
  const [row] = await context.db
    .select({ required: settings.requireTwoFactor })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row?.required ?? false;
}

/** A new authenticator as the page shows it: the QR code and the secret, named after the site. */
export async function setupViewOf(context: AuthContext, secret: string, email: string): Promise<TwoFactorSetupView> {
  const issuer = (await context.services.settings.get())?.title ?? "Site";
  const uri = otpauthUri(secret, issuer, email);
  return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
}

/** A fresh secret waiting for its first code, in place of any unconfirmed one; a confirmed one is kept. */
export async function replacePendingSecret(context: AuthContext, userId: number): Promise<string | null> {
  const secret = newTotpSecret();
  const stored = secretToColumn(context, secret);
  const [row] = await context.db
    .insert(twoFactorSecrets)
    .values({ userId, secret: stored })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: stored, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return row ? secret : null;
}

export async function recoveryCodesLeft(context: AuthContext, userId: number): Promise<number> {
  const [row] = await context.db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.value ?? 0;
}

/**
 * Spends a code of the account's confirmed secret: an app's code of a time step after the last one
 * accepted (so none is used twice within its window), or an unused recovery code (recorded in the
 * audit log). False when it is neither: the wrong code is kept, and counts towards the account's
 * growing delay (code-guesses.ts), under which an app code is refused unchecked.
 */
export function spendCode(context: AuthContext, user: Actor, typed: string): Promise<boolean> {
  return context.transaction((tx) => spendUnderDelay(tx, user, typed, () => spendConfirmedCode(tx, user, typed)));
}

async function spendConfirmedCode(context: AuthContext, user: Actor, typed: string): Promise<boolean> {
  const code = readTwoFactorCode(typed);
  if (!code) return false;
  if (code.kind === "totp") {
    const secret = await secretOf(context, user.id);
    const step = secret?.confirmedAt ? matchingStep(secret.secret, code.digits) : null;
    if (step === null) return false;
    // The comparison and the write in one statement: two requests with one code cannot both pass.
    const [spent] = await context.db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorSecrets.userId, user.id),
          or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
        ),
      )
      .returning({ userId: twoFactorSecrets.userId });
    return spent !== undefined;
  }
  const [spent] = await context.db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, user.id),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code.code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!spent) return false;
  await context.services.audit.record({
    ...auditRecord(user),
    action: "two_factor.recovery_code_used",
    details: { "Códigos de recuperação restantes": await recoveryCodesLeft(context, user.id) },
  });
  return true;
}

/** The time step of `typed` when it is an app's code of `secret`; null otherwise (recovery codes included). */
function firstCodeStep(secret: string, typed: string): number | null {
  const code = readTwoFactorCode(typed);
  return code?.kind === "totp" ? matchingStep(secret, code.digits) : null;
}

/**
 * Confirms an enrolment challenge's own secret (auth-service.ts) with its first code: it becomes the
 * account's, in place of one 'Meus dados' left waiting; false when the code is wrong or the account has
 * meanwhile turned it on elsewhere.
 */
export async function confirmChallengeSecret(
  context: AuthContext,
  userId: number,
  secret: string,
  typed: string,
): Promise<boolean> {
  const step = firstCodeStep(secret, typed);
  if (step === null) return false;
  const values = {
    secret: secretToColumn(context, secret),
    confirmedAt: new Date(),
    lastUsedStep: step,
    createdAt: new Date(),
  };
  const [confirmed] = await context.db
    .insert(twoFactorSecrets)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: values,
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ userId: twoFactorSecrets.userId });
  return confirmed !== undefined;
}

/** Confirms the secret waiting for its first code with an app's code (not a recovery code: there are none yet). */
export async function confirmPendingSecret(context: AuthContext, userId: number, typed: string): Promise<boolean> {
  const pending = await secretOf(context, userId);
  const step = pending && !pending.confirmedAt ? firstCodeStep(pending.secret, typed) : null;
  if (step === null) return false;
  const [confirmed] = await context.db
    .update(twoFactorSecrets)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return confirmed !== undefined;
}

/** Ten new recovery codes in place of the account's others: the codes themselves, to be shown this once. */
export async function issueRecoveryCodes(context: AuthContext, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await context.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await context.db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes.map(shownRecoveryCode);
}

/**
 * The verification in two steps turned on, on the caller's transaction: the recovery codes, the audit
 * entry, the e-mail telling her, and the end of every other session (all of them but `keepToken`, the
 * one that turned it on): none opened with the password alone outlives it.
 */
export async function afterEnabled(context: AuthContext, user: Actor, keepToken: string | null): Promise<string[]> {
  const codes = await issueRecoveryCodes(context, user.id);
  const ended = await context.services.auth.revokeSessions(user.id, keepToken);
  await context.services.audit.record({
    ...auditRecord(user),
    action: "two_factor.enabled",
    details: { "Outras sessões encerradas": ended },
  });
  await context.services.mail.queue("two-factor-changed", user.email, {
    name: user.name,
    change: "enabled",
    at: formatDateTime(new Date()),
  });
  return codes;
}
