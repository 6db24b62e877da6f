import { and, asc, desc, eq, gt, inArray, notInArray, or, sql } from "drizzle-orm";
import { conflict, notFound } from "../../../common/errors.ts";
import type { UserRole } from "../../../common/roles.ts";
import type { ProfileUpdateInput, RegistrationInput } from "../../../common/schemas/customer.ts";
import type { AccountView, CustomerAddressView, DataExport } from "../../../common/views/customer.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import type { UserView } from "../../../common/views/users.ts";
import type { Db } from "../../db/client.ts";
import { type Actor, requireAdmin, requireUser } from "../../kernel/access.ts";
import type { ServiceContext } from "../../kernel/area.ts";
import { hashPassword, NO_PASSWORD, verifyPassword } from "../auth/password.ts";
import { mailOutbox } from "../mail/tables.ts";
import { orderView } from "../orders/order-views.ts";
import { orderEvents, orderItems, orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";
import { LAST_SUPER, lockSupers } from "../users/users-service.ts";
import { customerAddresses } from "./tables.ts";
import type { CustomerThrottles } from "./throttles.ts";

/** A customer keeps her latest addresses only. */
export const MAX_SAVED_ADDRESSES = 10;

const EMAIL_TAKEN =
  "Já existe uma conta com este e-mail. Entre com a sua senha ou use 'Esqueci minha senha' na página de login.";
const WRONG_PASSWORD = "Senha incorreta";
/**
 * A sign-up sent again within this time with the password of the account it made is the same sign-up (a
 * double click, a form posted twice on a slow connection): it is answered as the first was.
 */
export const REPEAT_WINDOW_SECONDS = 10;
/** What stays of a removed customer on her orders and their history. */
export const REMOVED_CUSTOMER = "Cliente removido";

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  taxId: users.taxId,
  phone: users.phone,
  organization: users.organization,
  createdAt: users.createdAt,
};

type AccountRow = {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  taxId: string;
  phone: string;
  organization: string;
  createdAt: Date;
};

const accountView = (row: AccountRow): AccountView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  tax_id: row.taxId,
  phone: row.phone,
  organization: row.organization,
  created_at: row.createdAt.toISOString(),
});

const addressView = (row: typeof customerAddresses.$inferSelect): CustomerAddressView => ({
  id: row.id,
  postal_code: row.postalCode,
  uf: row.uf,
  city: row.city,
  street: row.street,
  number: row.number,
  neighborhood: row.neighborhood,
  complement: row.complement,
  last_used_at: row.lastUsedAt.toISOString(),
});

/**
 * Every address an account is known to have had: the current one, those it changed from, and those her
 * orders were placed with (in lower case, as the outbox is searched).
 */
async function everyAddressOf(db: Db, userId: number): Promise<string[]> {
  const [account] = await db
    .select({ email: users.email, formerEmails: users.formerEmails })
    .from(users)
    .where(eq(users.id, userId));
  const ordered = await db
    .selectDistinct({ email: orders.customerEmail })
    .from(orders)
    .where(eq(orders.userId, userId));
  const all = [account?.email ?? "", ...(account?.formerEmails ?? []), ...ordered.map((row) => row.email)];
  return [...new Set(all.filter(Boolean).map((email) => email.toLowerCase()))];
}

export function createCustomersService(context: ServiceContext, throttles: CustomerThrottles) {
  const { db } = context;

  async function loadAccount(id: number, on: Db = db): Promise<AccountRow> {
    const [row] = await on.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
    if (!row) throw notFound("Usuário não encontrado.");
    return row;
  }

  async function addresses(userId: number): Promise<CustomerAddressView[]> {
    const rows = await db
      .select()
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(desc(customerAddresses.lastUsedAt), desc(customerAddresses.id));
    return rows.map(addressView);
  }

  async function ordersOf(actor: Actor): Promise<DataExport["orders"]> {
    const rows = await db.select().from(orders).where(eq(orders.userId, actor.id)).orderBy(asc(orders.createdAt));
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const items = await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position));
    const events = await db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.id));
    return rows.map((row) =>
      orderView(
        actor,
        row,
        items.filter((item) => item.orderId === row.id),
        events.filter((event) => event.orderId === row.id),
      ),
    );
  }

  /**
   * The customer account this very sign-up made a moment ago (REPEAT_WINDOW_SECONDS), opened by its
   * password; any other account with the e-mail is a conflict.
   */
  async function sameSignUp(input: RegistrationInput): Promise<Actor> {
    const [account] = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        passwordHash: users.passwordHash,
      })
      .from(users)
      .where(
        and(
          eq(users.email, input.email),
          eq(users.role, "user"),
          gt(users.createdAt, sql`now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`),
        ),
      )
      .limit(1);
    if (!account || !(await verifyPassword(input.password, account.passwordHash)))
      throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const { passwordHash: _, ...user } = account;
    return user;
  }

  return {
    /**
     * A new customer account (role user). The checkout calls it on its own transaction; signing her in
     * is the caller's step (services.auth.createSession), as the answer carries the cookie. The same
     * sign-up sent again a moment later gives the account it made (sameSignUp).
     */
    async register(input: RegistrationInput, clientAddress: string): Promise<Actor> {
      await throttles.registrations.take(clientAddress);
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (taken) return sameSignUp(input);
      const passwordHash = await hashPassword(input.password);
      // Doing nothing on a taken e-mail, rather than failing, leaves the transaction usable for the look
      // at the account a simultaneous copy of this sign-up has just made.
      const [user] = await db
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          passwordHash,
          role: "user",
          taxId: input.tax_id,
          phone: input.phone,
          organization: input.organization,
        })
        .onConflictDoNothing()
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
      return user ?? sameSignUp(input);
    },

    /**
     * A customer brought from another shop (the WordPress import): an account without a password,
     * which she sets with "Esqueci minha senha". No e-mail goes out; an e-mail already in use is left
     * as it is (false).
     */
    async importAccount(
      actor: Actor | null,
      customer: {
        email: string;
        name: string;
        tax_id: string;
        phone: string;
        organization: string;
        address: OrderAddress | null;
      },
    ): Promise<boolean> {
      requireAdmin(actor);
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
      if (!user) return false;
      if (customer.address) await this.rememberAddress(user.id, customer.address);
      return true;
    },

    async account(actor: Actor | null): Promise<AccountView> {
      return accountView(await loadAccount(requireUser(actor).id));
    },

    /**
     * 'Meus dados' and PUT /api/profile: the profile's own rules (users module), then the customer's
     * fields that were sent; answers the user as the profile update does.
     */
    async updateProfile(
      actor: Actor | null,
      input: ProfileUpdateInput,
      currentToken: string | null,
    ): Promise<UserView> {
      const { id } = requireUser(actor);
      return context.transaction(async ({ services, db: tx }) => {
        const user = await services.users.updateProfile(actor, input, currentToken);
        const customer = {
          ...(input.tax_id === undefined ? {} : { taxId: input.tax_id }),
          ...(input.phone === undefined ? {} : { phone: input.phone }),
          ...(input.organization === undefined ? {} : { organization: input.organization }),
        };
        if (Object.keys(customer).length > 0) await tx.update(users).set(customer).where(eq(users.id, id));
        return user;
      });
    },

    addresses,

    /** Keeps the details a checkout was placed with, for her next one (on the order's transaction). */
    async rememberContact(
      userId: number,
      contact: { tax_id: string; phone: string; organization: string },
    ): Promise<void> {
      await db
        .update(users)
        .set({ taxId: contact.tax_id, phone: contact.phone, organization: contact.organization, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /**
     * Keeps the address a checkout delivered to: the same postal code, street and number is the same
     * address (its other fields take the latest values); only the latest MAX_SAVED_ADDRESSES stay.
     */
    async rememberAddress(userId: number, address: OrderAddress): Promise<void> {
      const fields = {
        postalCode: address.postal_code,
        uf: address.uf,
        city: address.city,
        street: address.street,
        number: address.number,
        neighborhood: address.neighborhood,
        complement: address.complement,
      };
      const now = new Date();
      const [same] = await db
        .update(customerAddresses)
        .set({ ...fields, lastUsedAt: now })
        .where(
          and(
            eq(customerAddresses.userId, userId),
            eq(customerAddresses.postalCode, fields.postalCode),
            eq(sql`lower(${customerAddresses.street})`, fields.street.toLowerCase()),
            eq(sql`lower(${customerAddresses.number})`, fields.number.toLowerCase()),
          ),
        )
        .returning({ id: customerAddresses.id });
      if (!same) await db.insert(customerAddresses).values({ userId, ...fields, lastUsedAt: now });
      const kept = db
        .select({ id: customerAddresses.id })
        .from(customerAddresses)
        .where(eq(customerAddresses.userId, userId))
        .orderBy(desc(customerAddresses.lastUsedAt), desc(customerAddresses.id))
        .limit(MAX_SAVED_ADDRESSES);
      await db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.userId, userId), notInArray(customerAddresses.id, kept)));
    },

    /** Only one's own: another's address is "not found", as if it did not exist. */
    async deleteAddress(actor: Actor | null, id: number): Promise<void> {
      const { id: userId } = requireUser(actor);
      const deleted = await db
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)))
        .returning({ id: customerAddresses.id });
      if (deleted.length === 0) throw notFound("Endereço não encontrado.");
    },

    /** Everything kept about the signed-in person (LGPD art. 18: access and portability). */
    async exportData(actor: Actor | null): Promise<DataExport> {
      const user = requireUser(actor);
      const account = accountView(await loadAccount(user.id));
      const [former] = await db.select({ emails: users.formerEmails }).from(users).where(eq(users.id, user.id));
      return {
        exported_at: new Date().toISOString(),
        account,
        former_emails: former?.emails ?? [],
        addresses: await addresses(user.id),
        orders: await ordersOf(user),
      };
    },

    /**
     * Deletes the signed-in account (LGPD art. 18). Her orders stay for the fiscal record (art. 16)
     * with the personal data taken out; the state and city of the delivery stay. Her contact messages
     * stay too, without her name, e-mail and words (server/modules/contacts). Sessions, saved
     * addresses and reset links go with the user row; the e-mails sent to any address of hers are deleted.
     * The last super user cannot leave.
     */
    async deleteAccount(actor: Actor | null, password: string): Promise<void> {
      const { id } = requireUser(actor);
      await context.services.users.verifyOwnPassword(id, password, "password", WRONG_PASSWORD);
      await context.transaction(async ({ db: tx, services }) => {
        const supers = await lockSupers(tx);
        const target = await loadAccount(id, tx);
        if (target.role === "super" && supers.every((superId) => superId === id)) throw conflict(LAST_SUPER);
        // Read before her orders lose their copies of her e-mail.
        const addresses = await everyAddressOf(tx, id);
        await tx
          .update(orders)
          .set({
            customerName: REMOVED_CUSTOMER,
            customerEmail: sql`'removido-' || ${orders.id} || '@anonimo.invalid'`,
            customerPhone: "",
            customerTaxId: "",
            customerOrganization: "",
            address: sql`jsonb_build_object(
              'postal_code', '', 'uf', coalesce(${orders.address}->>'uf', ''),
              'city', coalesce(${orders.address}->>'city', ''), 'street', '', 'number', '',
              'neighborhood', '', 'complement', '')`,
            anonymizedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(orders.userId, id));
        await tx.update(orderEvents).set({ actorName: REMOVED_CUSTOMER }).where(eq(orderEvents.actorId, id));
        await services.contacts.anonymizeSender(addresses, REMOVED_CUSTOMER);
        // Every e-mail the outbox holds to any address of hers, or about her to the shop (answered to her),
        // sent or waiting, goes rather than being anonymised: a rendered e-mail repeats her name, street,
        // phone and orders in its subject, text and HTML, in words each template chooses, so no rewrite
        // could be sure to catch them all, and a row emptied of them would tell administrators nothing.
        // A waiting one is not owed any more.
        await tx
          .delete(mailOutbox)
          .where(
            or(inArray(sql`lower(${mailOutbox.to})`, addresses), inArray(sql`lower(${mailOutbox.replyTo})`, addresses)),
          );
        await tx.delete(users).where(eq(users.id, id));
      });
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
