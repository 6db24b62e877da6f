import { and, asc, count, eq, gt, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { conflict, forbidden, invalid, notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import { roleLabels, type UserRole } from "../../../common/roles.ts";
import {
  CURRENT_PASSWORD_FOR_EMAIL,
  CURRENT_PASSWORD_REQUIRED,
  type ProfileInput,
  type UserCreateInput,
  type UserUpdateInput,
} from "../../../common/schemas/user.ts";
import type { UserPage, UserView } from "../../../common/views/users.ts";
import type { Db } from "../../db/client.ts";
import { containsPattern, isUniqueViolation } from "../../db/sql.ts";
import { type Actor, isAdmin, isSuper, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { twoFactorSecrets } from "../auth/tables.ts";
import type { UsersContext } from "./context.ts";
import { customerAccounts } from "./customer-accounts.ts";
import { afterEmailChange, formerEmailsAfter } from "./email-change.ts";
import { users } from "./tables.ts";

/** Whether the account signs in with a second step: the users' list shows it (a subquery, so RETURNING has it too). */
const twoFactorOn = sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.userId} = ${users.id} and ${twoFactorSecrets.confirmedAt} is not null)`;
const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  twoFactor: twoFactorOn,
};
const toView = (row: {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  createdAt: Date;
  twoFactor: boolean;
}): UserView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  created_at: row.createdAt.toISOString(),
  two_factor: row.twoFactor,
});

/** The password's field in audit entries: only whether it changed is ever kept ("alterado"). */
const PASSWORD_FIELD = "Senha";
const userSecrets = [PASSWORD_FIELD];

/**
 * An account as its audit entries show it, in the words of the users' form; the role by its label, so a
 * role change reads "Perfil: Cliente → Administrador". `passwordSet` says a new password was given.
 */
const userAuditFields = (user: { name: string; email: string; role: UserRole }, passwordSet = false): AuditFields => ({
  Nome: user.name,
  "E-mail": user.email,
  Perfil: roleLabels[user.role],
  [PASSWORD_FIELD]: passwordSet,
});

const EMAIL_TAKEN = "Este e-mail já está cadastrado.";
const SUPER_ONLY = "Apenas um usuário Super pode conceder ou alterar o perfil Super.";
export const LAST_SUPER = "O último usuário Super não pode ser removido nem rebaixado.";

/**
 * Locks the super users' rows until the transaction ends, so two requests cannot
 * each take away "the other" super and leave none.
 */
export async function lockSupers(tx: Db): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, "super")).for("update");
  return rows.map((row) => row.id);
}
const CURRENT_PASSWORD_WRONG = "A senha atual não confere";

/**
 * Every check of one's own password while signed in (a new password or e-mail, deleting the account),
 * counted per account: a session left open must not be a way to guess the password.
 */
export type UsersState = { passwordChecks: Throttle };

export function createUsersState(throttle: ThrottleFactory): UsersState {
  return {
    passwordChecks: throttle({
      name: "account-password",
      maxHits: 5,
      windowMs: 15 * 60 * 1000,
      message: "Muitas tentativas com a senha errada. Aguarde até 15 minutos e tente novamente.",
    }),
  };
}

/** The e-mail check and the write are not atomic: a concurrent request may win the unique index. */
async function withEmailUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export function createUsersService(context: UsersContext, state: UsersState) {
  const { db } = context;

  async function load(id: number, on: Db = db) {
    const [row] = await on.select(columns).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound("Usuário não encontrado.");
    return row;
  }

  async function ensureEmailFree(email: string, exceptId: number | null, on: Db = db) {
    const filter = exceptId === null ? eq(users.email, email) : and(eq(users.email, email), ne(users.id, exceptId));
    const [taken] = await on.select({ id: users.id }).from(users).where(filter).limit(1);
    if (taken) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  }

  /** One's own password, checked under the per-account limit; a wrong one is refused on `field`. */
  async function verifyOwnPassword(userId: number, password: string, field: string, wrong: string): Promise<void> {
    const key = String(userId);
    await state.passwordChecks.take(key);
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(password, row.hash))) throw invalid(`${wrong}.`, { [field]: [wrong] });
    await state.passwordChecks.giveBack(key);
  }

  /**
   * Changing one's own password or e-mail always takes the current password, whichever screen or
   * endpoint: a session left open on a shared computer must not be enough to take over the account.
   */
  async function requireCurrentPassword(userId: number, currentPassword: string, missing = CURRENT_PASSWORD_REQUIRED) {
    if (!currentPassword) throw invalid(`${missing}.`, { current_password: [missing] });
    await verifyOwnPassword(userId, currentPassword, "current_password", CURRENT_PASSWORD_WRONG);
  }

  /** A new e-mail or password for one's own account, on 'Meus dados' or in the users editor. */
  async function requirePasswordForOwnChange(
    id: number,
    input: { email: string; password: string; current_password: string },
    currentEmail: string,
  ) {
    if (input.email !== currentEmail)
      await requireCurrentPassword(id, input.current_password, CURRENT_PASSWORD_FOR_EMAIL);
    else if (input.password) await requireCurrentPassword(id, input.current_password);
  }

  /** Only a super grants or takes away the super role, and one super always remains. */
  function checkRoleChange(
    actor: Actor,
    target: { id: number; role: UserRole } | null,
    role: UserRole,
    supers: number[] = [],
  ) {
    const touchesSuper = role === "super" || target?.role === "super";
    if (touchesSuper && !isSuper(actor)) throw forbidden(SUPER_ONLY, { role: [SUPER_ONLY] });
    if (target?.role === "super" && role !== "super" && supers.every((id) => id === target.id))
      throw conflict(LAST_SUPER, { role: [LAST_SUPER] });
  }

  return {
    async list(actor: Actor | null, query: ListQuery & { role?: UserRole }): Promise<UserPage> {
      requireAdmin(actor);
      const filters: SQL[] = [];
      if (query.q) {
        const pattern = containsPattern(query.q);
        const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
        if (match) filters.push(match);
      }
      if (query.role) filters.push(eq(users.role, query.role));
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ value: count() }).from(users).where(where);
      const rows = await db
        .select(columns)
        .from(users)
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(query.per_page)
        .offset(pageOffset(query));
      return toPage(rows.map(toView), total?.value ?? 0, query);
    },

    async get(actor: Actor | null, id: number): Promise<UserView> {
      requireAdmin(actor);
      return toView(await load(id));
    },

    async create(actor: Actor | null, input: UserCreateInput): Promise<UserView> {
      const admin = requireAdmin(actor);
      checkRoleChange(admin, null, input.role);
      await ensureEmailFree(input.email, null);
      const passwordHash = await hashPassword(input.password);
      return withEmailUnique(() =>
        context.transaction(async (tx) => {
          const [row] = await tx.db
            .insert(users)
            .values({ name: input.name, email: input.email, role: input.role, passwordHash })
            .returning(columns);
          if (!row) throw new Error("user insert returned nothing");
          await tx.services.audit.record({
            actor: admin,
            action: "user.created",
            recordId: row.id,
            recordLabel: row.name,
            after: userAuditFields(row, true),
            secrets: userSecrets,
          });
          return toView(row);
        }),
      );
    },

    /**
     * An administrator's edit of an account, with its audit entry. Its sessions are the sign-in's to end
     * (server/flows/accounts.ts). The password checks and hashing come first: the transaction holds the
     * super users' rows.
     */
    async update(actor: Actor | null, id: number, input: UserUpdateInput): Promise<UserView> {
      const admin = requireAdmin(actor);
      if (id === admin.id) await requirePasswordForOwnChange(id, input, (await load(id)).email);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return withEmailUnique(() =>
        context.transaction(async (txContext) => {
          const { services, db: tx } = txContext;
          const supers = await lockSupers(tx);
          const target = await load(id, tx);
          checkRoleChange(admin, target, input.role, supers);
          await ensureEmailFree(input.email, id, tx);
          const emailChanged = input.email !== target.email;
          const [row] = await tx
            .update(users)
            .set({
              name: input.name,
              email: input.email,
              role: input.role,
              ...(passwordHash ? { passwordHash } : {}),
              ...(emailChanged ? { formerEmails: formerEmailsAfter(target.email, input.email) } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning(columns);
          if (!row) throw notFound("Usuário não encontrado.");
          if (emailChanged)
            await afterEmailChange(
              txContext,
              { id, name: row.name, oldEmail: target.email, newEmail: row.email },
              id !== admin.id,
            );
          await services.audit.record({
            actor: admin,
            action: "user.updated",
            recordId: id,
            recordLabel: row.name,
            before: userAuditFields(target),
            after: userAuditFields(row, passwordHash !== undefined),
            secrets: userSecrets,
          });
          return toView(row);
        }),
      );
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      if (admin.id === id) throw invalid("Você não pode remover a sua própria conta por aqui.");
      await context.transaction(async ({ db: tx, services }) => {
        const supers = await lockSupers(tx);
        const target = await load(id, tx);
        if (target.role === "super") {
          if (!isSuper(admin)) throw forbidden("Apenas um usuário Super pode remover outro Super.");
          if (supers.every((superId) => superId === id)) throw conflict(LAST_SUPER);
        }
        await tx.delete(users).where(eq(users.id, id));
        await services.audit.record({
          actor: admin,
          action: "user.deleted",
          recordId: id,
          recordLabel: target.name,
          before: userAuditFields(target),
          secrets: userSecrets,
        });
      });
    },

    /**
     * The site's first user, made by the first-time setup (server/modules/settings) on its transaction; the
     * audit log's first entry names her as its author.
     */
    async createFirstSuper(input: { name: string; email: string; passwordHash: string }): Promise<Actor> {
      const [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash: input.passwordHash, role: "super" })
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
      if (!user) throw new Error("user insert returned nothing");
      await context.services.audit.record({
        actor: user,
        action: "user.created",
        recordId: user.id,
        recordLabel: user.name,
        after: userAuditFields(user, true),
        secrets: userSecrets,
      });
      return user;
    },

    /** A new password for the account (a reset link spent by the sign-in area); null when it is gone. */
    async setPassword(id: number, passwordHash: string): Promise<Actor | null> {
      const [user] = await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
      return user ?? null;
    },

    /**
     * The super user made within the last `withinSeconds` with this e-mail, when `password` opens her
     * account: the first-time setup sent twice (server/flows/site-setup.ts); else null.
     */
    async recentSuper(email: string, password: string, withinSeconds: number): Promise<Actor | null> {
      const [admin] = await db
        .select({ id: users.id, name: users.name, email: users.email, role: users.role, hash: users.passwordHash })
        .from(users)
        .where(
          and(
            eq(users.email, email),
            eq(users.role, "super"),
            gt(users.createdAt, sql`now() - make_interval(secs => ${withinSeconds})`),
          ),
        )
        .limit(1);
      if (!admin || !(await verifyPassword(password, admin.hash))) return null;
      const { hash: _, ...user } = admin;
      return user;
    },

    /** Every administrator's and super user's address, oldest account first: who runs the site. */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(or(eq(users.role, "admin"), eq(users.role, "super")))
        .orderBy(asc(users.id));
      return rows.map((row) => row.email);
    },

    /**
     * The first step of deleting one's own account (server/flows/delete-account.ts), on its transaction:
     * locks the super users' rows until it ends and refuses the last super (LAST_SUPER).
     */
    async lockForOwnRemoval(id: number): Promise<void> {
      const supers = await lockSupers(db);
      const target = await load(id);
      if (target.role === "super" && supers.every((superId) => superId === id)) throw conflict(LAST_SUPER);
    },

    /** The account whose e-mail this is (case aside), or null: a member's register links her to it. */
    async idByEmail(email: string): Promise<number | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Every address the account is known to have had: the current one and those it changed from
     * (FORMER_EMAILS_KEPT, email-change.ts).
     */
    async addressesOf(id: number): Promise<string[]> {
      const [row] = await db
        .select({ email: users.email, formerEmails: users.formerEmails })
        .from(users)
        .where(eq(users.id, id));
      return row ? [row.email, ...row.formerEmails] : [];
    },

    /**
     * The last step of deleting one's own account (server/flows/delete-account.ts): her sessions, saved
     * addresses and reset links go with the row, by their foreign keys.
     */
    async removeOwnAccount(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },

    ...customerAccounts(context),

    async profile(actor: Actor | null): Promise<UserView> {
      return toView(await load(requireUser(actor).id));
    },

    verifyOwnPassword,

    /**
     * One's own name, e-mail and password. A new e-mail or password takes the current password; the old
     * address is told of a new e-mail (email-change.ts). An administrator's own account is an
     * administrative one: its change has its audit entry, as in the users' editor. The other devices'
     * sessions are the sign-in's to end (server/flows/accounts.ts).
     */
    async updateProfile(actor: Actor | null, input: ProfileInput): Promise<UserView> {
      const user = requireUser(actor);
      const { id } = user;
      const current = await load(id);
      const emailChanged = input.email !== current.email;
      await ensureEmailFree(input.email, id);
      await requirePasswordForOwnChange(id, input, current.email);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return withEmailUnique(() =>
        context.transaction(async (tx) => {
          const [row] = await tx.db
            .update(users)
            .set({
              name: input.name,
              email: input.email,
              ...(passwordHash ? { passwordHash } : {}),
              ...(emailChanged ? { formerEmails: formerEmailsAfter(current.email, input.email) } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning(columns);
          if (!row) throw notFound("Usuário não encontrado.");
          if (emailChanged)
            await afterEmailChange(tx, { id, name: row.name, oldEmail: current.email, newEmail: row.email }, false);
          if (isAdmin(user))
            await tx.services.audit.record({
              actor: user,
              action: "user.updated",
              recordId: id,
              recordLabel: row.name,
              before: userAuditFields(current),
              after: userAuditFields(row, passwordHash !== undefined),
              secrets: userSecrets,
            });
          return toView(row);
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
