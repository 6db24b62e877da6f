import { and, eq, gt, sql } from "drizzle-orm";
import { notFound } from "../../../common/errors.ts";
import type { UserRole } from "../../../common/roles.ts";
import type { Actor } from "../../kernel/access.ts";
import { hashPassword, NO_PASSWORD, verifyPassword } from "../auth/password.ts";
import type { UsersContext } from "./context.ts";
import { users } from "./tables.ts";

/** An account with the fields a customer fills in (her sign-up, 'Meus dados', the checkout). */
export type CustomerAccount = {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  taxId: string;
  phone: string;
  organization: string;
  formerEmails: string[];
  createdAt: Date;
};

/** The customer's own fields as her forms name them; one left out keeps its value. */
export type CustomerFields = { tax_id?: string; phone?: string; organization?: string };

/** A new customer: her sign-up's fields, the password as she typed it. */
export type NewCustomer = {
  name: string;
  email: string;
  password: string;
  tax_id: string;
  phone: string;
  organization: string;
};

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  taxId: users.taxId,
  phone: users.phone,
  organization: users.organization,
  formerEmails: users.formerEmails,
  createdAt: users.createdAt,
};
const actorColumns = { id: users.id, name: users.name, email: users.email, role: users.role };

/**
 * The users table's rows of customers (role user) as the customers area asks for them: it keeps her
 * addresses and sign-up rules, while every write of the users table stays in this area.
 */
export function customerAccounts(context: UsersContext) {
  const { db } = context;
  return {
    /** The account with her customer's fields and former addresses; "not found" when it is gone. */
    async account(id: number): Promise<CustomerAccount> {
      const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
      if (!row) throw notFound("Usuário não encontrado.");
      return row;
    },

    async emailInUse(email: string): Promise<boolean> {
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return taken !== undefined;
    },

    /**
     * The customer account with this e-mail made less than `withinSeconds` ago, opened by `password`;
     * null for any other (an older one, an administrator's, another password).
     */
    async recentCustomer(email: string, password: string, withinSeconds: number): Promise<Actor | null> {
      const [account] = await db
        .select({ ...actorColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(
          and(
            eq(users.email, email),
            eq(users.role, "user"),
            gt(users.createdAt, sql`now() - make_interval(secs => ${withinSeconds})`),
          ),
        )
        .limit(1);
      if (!account || !(await verifyPassword(password, account.passwordHash))) return null;
      const { passwordHash: _, ...user } = account;
      return user;
    },

    /** A customer account (role user); null when the e-mail has one already. */
    async createCustomer(customer: NewCustomer): Promise<Actor | null> {
      const passwordHash = await hashPassword(customer.password);
      // Doing nothing on a taken e-mail, rather than failing, leaves the caller's transaction usable for
      // the look at the account a simultaneous copy of her sign-up has just made.
      const [user] = await db
        .insert(users)
        .values({
          name: customer.name,
          email: customer.email,
          passwordHash,
          role: "user",
          taxId: customer.tax_id,
          phone: customer.phone,
          organization: customer.organization,
        })
        .onConflictDoNothing()
        .returning(actorColumns);
      return user ?? null;
    },

    /**
     * A customer account without a password (brought from another shop), which she sets with "Esqueci
     * minha senha"; its id, or null when the e-mail has one already.
     */
    async importCustomer(customer: Omit<NewCustomer, "password">): Promise<number | null> {
      const [user] = await db
        .insert(users)
        .values({
          name: customer.name,
          email: customer.email.toLowerCase(),
          passwordHash: NO_PASSWORD,
          role: "user",
          taxId: customer.tax_id,
          phone: customer.phone,
          organization: customer.organization,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      return user?.id ?? null;
    },

    /** Writes the customer's fields that are given; with none, nothing changes. */
    async updateCustomerFields(id: number, fields: CustomerFields): Promise<void> {
      const changed = {
        ...(fields.tax_id === undefined ? {} : { taxId: fields.tax_id }),
        ...(fields.phone === undefined ? {} : { phone: fields.phone }),
        ...(fields.organization === undefined ? {} : { organization: fields.organization }),
      };
      if (Object.keys(changed).length === 0) return;
      await db
        .update(users)
        .set({ ...changed, updatedAt: new Date() })
        .where(eq(users.id, id));
    },
  };
}
