import { and, asc, count, eq, ilike, ne, or, type SQL } from "drizzle-orm";
import { conflict, forbidden, invalid, notFound } from "../../../common/errors.ts";
import { type ListQuery, pageOffset, toPage } from "../../../common/pagination.ts";
import type { UserRole } from "../../../common/roles.ts";
import {
  CURRENT_PASSWORD_REQUIRED,
  type ProfileInput,
  type UserCreateInput,
  type UserUpdateInput,
} from "../../../common/schemas/user.ts";
import type { UserPage, UserView } from "../../../common/views/users.ts";
import type { Db } from "../../db/client.ts";
import { containsPattern, isUniqueViolation } from "../../db/sql.ts";
import { type Actor, isSuper, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { hashPassword, verifyPassword } from "../auth/password.ts";
import { users } from "./tables.ts";

const columns = { id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt };
const toView = (row: { id: number; name: string; email: string; role: UserRole; createdAt: Date }): UserView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  created_at: row.createdAt.toISOString(),
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

/** The e-mail check and the write are not atomic: a concurrent request may win the unique index. */
async function withEmailUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    throw error;
  }
}

export function createUsersService(context: ServiceContext) {
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

  /**
   * Changing one's own password always takes the current one, whichever screen or endpoint:
   * a session left open on a shared computer must not be enough to take over the account.
   */
  async function requireCurrentPassword(userId: number, currentPassword: string) {
    if (!currentPassword) {
      throw invalid(`${CURRENT_PASSWORD_REQUIRED}.`, { current_password: [CURRENT_PASSWORD_REQUIRED] });
    }
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(currentPassword, row.hash))) {
      throw invalid(`${CURRENT_PASSWORD_WRONG}.`, { current_password: [CURRENT_PASSWORD_WRONG] });
    }
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
      const [row] = await withEmailUnique(() =>
        db
          .insert(users)
          .values({ name: input.name, email: input.email, role: input.role, passwordHash })
          .returning(columns),
      );
      if (!row) throw new Error("user insert returned nothing");
      return toView(row);
    },

    /**
     * A new password signs the user out everywhere (but for the editor's own session when editing
     * oneself). The password checks and hashing come first: the transaction holds the super users' rows.
     */
    async update(
      actor: Actor | null,
      id: number,
      input: UserUpdateInput,
      currentToken: string | null,
    ): Promise<UserView> {
      const admin = requireAdmin(actor);
      if (input.password && id === admin.id) await requireCurrentPassword(id, input.current_password);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      return withEmailUnique(() =>
        context.transaction(async ({ services, db: tx }) => {
          const supers = await lockSupers(tx);
          const target = await load(id, tx);
          checkRoleChange(admin, target, input.role, supers);
          await ensureEmailFree(input.email, id, tx);
          const [row] = await tx
            .update(users)
            .set({
              name: input.name,
              email: input.email,
              role: input.role,
              ...(passwordHash ? { passwordHash } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning(columns);
          if (!row) throw notFound("Usuário não encontrado.");
          if (passwordHash) await services.auth.revokeSessions(id, id === admin.id ? currentToken : null);
          return toView(row);
        }),
      );
    },

    async remove(actor: Actor | null, id: number): Promise<void> {
      const admin = requireAdmin(actor);
      if (admin.id === id) throw invalid("Você não pode remover a sua própria conta por aqui.");
      await context.transaction(async ({ db: tx }) => {
        const supers = await lockSupers(tx);
        const target = await load(id, tx);
        if (target.role === "super") {
          if (!isSuper(admin)) throw forbidden("Apenas um usuário Super pode remover outro Super.");
          if (supers.every((superId) => superId === id)) throw conflict(LAST_SUPER);
        }
        await tx.delete(users).where(eq(users.id, id));
      });
    },

    /** The site's first user, made by the first-time setup (server/modules/settings) on its transaction. */
    async createFirstSuper(input: { name: string; email: string; passwordHash: string }): Promise<Actor> {
      const [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash: input.passwordHash, role: "super" })
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
      if (!user) throw new Error("user insert returned nothing");
      return user;
    },

    async profile(actor: Actor | null): Promise<UserView> {
      return toView(await load(requireUser(actor).id));
    },

    /** Changing one's password signs out every other device. */
    async updateProfile(actor: Actor | null, input: ProfileInput, currentToken: string | null): Promise<UserView> {
      const { id } = requireUser(actor);
      await ensureEmailFree(input.email, id);
      let passwordHash: string | undefined;
      if (input.password) {
        await requireCurrentPassword(id, input.current_password);
        passwordHash = await hashPassword(input.password);
      }
      const [row] = await withEmailUnique(() =>
        db
          .update(users)
          .set({
            name: input.name,
            email: input.email,
            ...(passwordHash ? { passwordHash } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning(columns),
      );
      if (!row) throw notFound("Usuário não encontrado.");
      if (passwordHash) await context.services.auth.revokeSessions(id, currentToken);
      return toView(row);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
