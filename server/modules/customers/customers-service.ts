import { and, asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { conflict, notFound } from "../../../common/errors.ts";
import type { ProfileUpdateInput, RegistrationInput } from "../../../common/schemas/customer.ts";
import type { AccountView, CustomerAddressView, DataExport } from "../../../common/views/customer.ts";
import type { OrderAddress } from "../../../common/views/orders.ts";
import type { UserView } from "../../../common/views/users.ts";
import { type Actor, requireAdmin, requireUser } from "../../kernel/access.ts";
import { orderView } from "../orders/order-views.ts";
import { orderEvents, orderItems, orders } from "../orders/tables.ts";
import type { CustomerAccount } from "../users/customer-accounts.ts";
import type { CustomersContext } from "./context.ts";
import { customerAddresses } from "./tables.ts";
import type { CustomerThrottles } from "./throttles.ts";

/** A customer keeps her latest addresses only. */
export const MAX_SAVED_ADDRESSES = 10;

const EMAIL_TAKEN =
  "Já existe uma conta com este e-mail. Entre com a sua senha ou use 'Esqueci minha senha' na página de login.";
/**
 * A sign-up sent again within this time with the password of the account it made is the same sign-up (a
 * double click, a form posted twice on a slow connection): it is answered as the first was.
 */
export const REPEAT_WINDOW_SECONDS = 10;

const accountView = (row: CustomerAccount): AccountView => ({
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

export function createCustomersService(context: CustomersContext, throttles: CustomerThrottles) {
  const { db, services } = context;

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
    const account = await services.users.recentCustomer(input.email, input.password, REPEAT_WINDOW_SECONDS);
    if (!account) throw conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    return account;
  }

  return {
    /**
     * A new customer account (role user), written by the users area. Signing her in is the sign-up's
     * next step on the same transaction (server/flows/sign-up.ts), as the answer carries the cookie. The
     * same sign-up sent again a moment later gives the account it made (sameSignUp).
     */
    async register(input: RegistrationInput, clientAddress: string): Promise<Actor> {
      await throttles.registrations.take(clientAddress);
      if (await services.users.emailInUse(input.email)) return sameSignUp(input);
      return (await services.users.createCustomer(input)) ?? sameSignUp(input);
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
      const id = await services.users.importCustomer(customer);
      if (id === null) return false;
      if (customer.address) await this.rememberAddress(id, customer.address);
      return true;
    },

    async account(actor: Actor | null): Promise<AccountView> {
      return accountView(await services.users.account(requireUser(actor).id));
    },

    /**
     * 'Meus dados' and PUT /api/profile: the profile's own rules (users module), then the customer's
     * fields that were sent; answers the user as the profile update does.
     */
    async updateProfile(actor: Actor | null, input: ProfileUpdateInput): Promise<UserView> {
      const { id } = requireUser(actor);
      return context.transaction(async (tx) => {
        const user = await tx.services.users.updateProfile(actor, input);
        await tx.services.users.updateCustomerFields(id, input);
        return user;
      });
    },

    addresses,

    /** Keeps the details a checkout was placed with, for her next one (on the order's transaction). */
    async rememberContact(
      userId: number,
      contact: { tax_id: string; phone: string; organization: string },
    ): Promise<void> {
      await services.users.updateCustomerFields(userId, contact);
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
      const account = await services.users.account(user.id);
      return {
        exported_at: new Date().toISOString(),
        account: accountView(account),
        former_emails: account.formerEmails,
        addresses: await addresses(user.id),
        orders: await ordersOf(user),
        membership: (await services.members.mine(user)).membership,
      };
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
