import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { readTwoFactorCode } from "../../../common/schemas/auth.ts";
import type { TwoFactorSetupView } from "../../../common/views/auth.ts";
import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { settings } from "../settings/tables.ts";
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

/*
 * The verification in two steps' records, shared by the sign-in (auth-service.ts) and 'Meus dados'
 * (two-factor-service.ts). Each function works on the context it is given: the writes that spend a code
 * run on the transaction that also does what the code was asked for.
 */

/** Who an entry of the audit log is about: the account itself. */
export const auditRecord = (user: Actor) => ({ actor: user, recordId: user.id, recordLabel: user.name });

/** The account's secret: confirmed (in use at sign-in) or still waiting for its first code; null when none. */
export async function secretOf(context: ServiceContext, userId: number) {
  const [row] = await context.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Administrators and super users must sign in with a second step when a super user says so (the settings'
 * require_two_factor, read as it is now: the moment it is switched on counts at the next sign-in).
 */
export async function isRequiredOf(context: ServiceContext, user: Actor): Promise<boolean> {
  if (!isAdmin(user)) return false;
  const [row] = await context.db
    .select({ required: settings.requireTwoFactor })
    .from(settings)
    .where(eq(settings.id, 1))
    .limit(1);
  return row?.required ?? false;
}

/** A new authenticator as the page shows it: the QR code and the secret, named after the site. */
export async function setupViewOf(context: ServiceContext, secret: string, email: string): Promise<TwoFactorSetupView> {
  const issuer = (await context.services.settings.get())?.title ?? "Site";
  const uri = otpauthUri(secret, issuer, email);
  return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
}

/** A fresh secret waiting for its first code, in place of any unconfirmed one; a confirmed one is kept. */
export async function replacePendingSecret(context: ServiceContext, userId: number): Promise<string | null> {
  const secret = newTotpSecret();
  const [row] = await context.db
    .insert(twoFactorSecrets)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.confirmedAt),
    })
    .returning({ secret: twoFactorSecrets.secret });
  return row?.secret ?? null;
}

export async function recoveryCodesLeft(context: ServiceContext, userId: number): Promise<number> {
  const [row] = await context.db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.value ?? 0;
}

/**
 * Spends a code of the account's confirmed secret: an app's code of a time step after the last one
 * accepted (so none is used twice within its window), or an unused recovery code (recorded in the
 * audit log). False when it is neither; nothing is written then.
 */
export async function spendCode(context: ServiceContext, user: Actor, typed: string): Promise<boolean> {
  const code = readTwoFactorCode(typed);
  if (!code) return false;
  if (code.kind === "totp") {
    const [row] = await context.db
      .select({ secret: twoFactorSecrets.secret })
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.userId, user.id), isNotNull(twoFactorSecrets.confirmedAt)))
      .limit(1);
    const step = row ? matchingStep(row.secret, code.digits) : null;
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

/** Confirms the secret waiting for its first code with an app's code (not a recovery code: there are none yet). */
export async function confirmPendingSecret(context: ServiceContext, userId: number, typed: string): Promise<boolean> {
  const code = readTwoFactorCode(typed);
  if (code?.kind !== "totp") return false;
  const [row] = await context.db
    .select({ secret: twoFactorSecrets.secret })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)))
    .limit(1);
  const step = row ? matchingStep(row.secret, code.digits) : null;
  if (step === null) return false;
  const [confirmed] = await context.db
    .update(twoFactorSecrets)
    .set({ confirmedAt: new Date(), lastUsedStep: step })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.confirmedAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return confirmed !== undefined;
}

/** Ten new recovery codes in place of the account's others: the codes themselves, to be shown this once. */
export async function issueRecoveryCodes(context: ServiceContext, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await context.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await context.db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code) })));
  return codes.map(shownRecoveryCode);
}

/** The verification in two steps turned on: the recovery codes and the audit entry, on the caller's transaction. */
export async function afterEnabled(context: ServiceContext, user: Actor): Promise<string[]> {
  const codes = await issueRecoveryCodes(context, user.id);
  await context.services.audit.record({ ...auditRecord(user), action: "two_factor.enabled" });
  return codes;
}
