import type { ProfileUpdateInput } from "../../common/schemas/customer.ts";
import type { UserUpdateInput } from "../../common/schemas/user.ts";
import type { UserView } from "../../common/views/users.ts";
import type { Actor } from "../kernel/access.ts";
import type { Services } from "../services.ts";

/**
 * An administrator's edit of an account, in one transaction with what it tightens: a new password or a
 * new role signs the person out everywhere (but for the editor's own session, `currentToken`, when
 * editing oneself): a customer's session must not become an administrator's, nor a demoted
 * administrator's stay one; a new e-mail spends the reset links waiting in the old inbox.
 */
export async function updateUser(
  services: Services,
  actor: Actor | null,
  id: number,
  input: UserUpdateInput,
  currentToken: string | null,
): Promise<UserView> {
  return services.transaction(async (tx) => {
    const before = await tx.users.get(actor, id);
    const after = await tx.users.update(actor, id, input);
    if (input.password || after.role !== before.role)
      await tx.auth.revokeSessions(id, id === actor?.id ? currentToken : null);
    if (after.email !== before.email) await tx.auth.cancelPasswordResets(id);
    return after;
  });
}

/**
 * 'Meus dados' and PUT /api/profile: the profile with the customer's fields (customers area), in one
 * transaction with what it tightens: a new password signs out every other device (`currentToken`'s
 * stays), a new e-mail spends the reset links waiting in the old inbox.
 */
export async function updateOwnProfile(
  services: Services,
  actor: Actor | null,
  input: ProfileUpdateInput,
  currentToken: string | null,
): Promise<UserView> {
  return services.transaction(async (tx) => {
    const before = await tx.users.profile(actor);
    const after = await tx.customers.updateProfile(actor, input);
    if (input.password) await tx.auth.revokeSessions(after.id, currentToken);
    if (after.email !== before.email) await tx.auth.cancelPasswordResets(after.id);
    return after;
  });
}
