import type { RegistrationInput } from "../../common/schemas/customer.ts";
import type { Actor } from "../kernel/access.ts";
import type { Session } from "../modules/auth/auth-service.ts";
import type { Services } from "../services.ts";

/**
 * A new customer's account and her session, in one transaction: no account is left made without her
 * being signed in. POST /api/auth/register, /criar-conta and the checkout's sign-up answer with the
 * session's cookie.
 */
export async function signUp(
  services: Services,
  input: RegistrationInput,
  clientAddress: string,
): Promise<{ user: Actor; session: Session }> {
  return services.transaction(async (tx) => {
    const user = await tx.customers.register(input, clientAddress);
    return { user, session: await tx.auth.createSession(user.id) };
  });
}
