import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from "../../../common/schemas/auth.ts";

/*
 * The verification in two steps' codes (RFC 6238 through the otpauth package): SHA1, 6 digits, every
 * 30 seconds, which is what every authenticator app reads from a QR code; a code of the step before or
 * after now is accepted too, for a phone's clock a little off.
 */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const ALGORITHM = "SHA1";
const DRIFT_STEPS = 1;
/** 160 bits, the size RFC 4226 recommends. */
const SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;

const totpOf = (secret: string, issuer = "", label = "") =>
  new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  });

/** A new secret, in base 32 as the apps take it typed. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** What the QR code carries: the site's title as issuer (the app's heading) and the e-mail as the account. */
export const otpauthUri = (secret: string, issuer: string, email: string): string =>
  totpOf(secret, issuer, email).toString();

/** The otpauth URI as an SVG document, with the quiet zone the QR standard asks for. */
export const qrSvg = (uri: string): Promise<string> =>
  QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 4 });

/** The time step whose code `digits` is, within the drift allowed around `now`; null when it is none of them. */
export function matchingStep(secret: string, digits: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: digits, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Ten recovery codes of RECOVERY_CODE_LENGTH letters (256 is a multiple of 32: every letter equally likely). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]).join(""),
  );
}

/** A recovery code as shown: four groups of four, "k7m2-9xqa-…". */
export const shownRecoveryCode = (code: string): string => code.match(/.{4}/g)?.join("-") ?? code;

/** Only this is kept: the codes are random enough that a fast hash cannot be searched back. */
export const recoveryCodeHash = (code: string): string => createHash("sha256").update(code).digest("hex");
