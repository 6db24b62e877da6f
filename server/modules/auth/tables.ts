import { bigint, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../../db/columns.ts";
import { users } from "../users/tables.ts";

/**
 * Server-side sessions: the client holds an opaque token, we keep only its SHA-256. The browser's
 * User-Agent and the client's address (the latest, updated with `lastUsedAt`) are what 'Meus dados'
 * shows of each, so the person can tell a session that is not hers.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** "Esqueci minha senha": single-use links, kept as the token's SHA-256, valid for an hour. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("password_resets_user_idx").on(table.userId)],
);

/**
 * A user's TOTP secret (RFC 6238). `confirmedAt` is null while she is enrolling (the secret shown, no
 * code typed yet): sign-in asks for a code only once it is confirmed. `lastUsedStep` is the time step of
 * the last code accepted, so a code cannot be used twice within its window.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** The ten one-time recovery codes shown once at enrolment, kept as hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

/**
 * The step between a right password and a session: the code to type ('code'), or the enrolment an
 * administrator must finish first when the site requires it ('enrol'). Kept as the token's SHA-256, for
 * a few minutes, with its failed attempts counted. An enrolment's new TOTP secret is its own (`secret`),
 * so a second sign-in neither replaces nor shows it.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["code", "enrol"] }).notNull(),
    attempts: smallint("attempts").notNull().default(0),
    secret: text("secret"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("login_challenges_user_idx").on(table.userId)],
);

/**
 * Every wrong code typed against an account's second step, whatever the address: the growing delay of
 * docs/decisions/0020 is counted from the last seven days of these, in the database so that every
 * process and a restart see the same delay.
 */
export const wrongCodes = pgTable(
  "two_factor_wrong_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("two_factor_wrong_codes_user_idx").on(table.userId, table.at)],
);
