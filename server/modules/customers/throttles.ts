import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";

/**
 * Accounts made from one client address (a script filling the sign-up form). Password checks before
 * deleting an account count with every other check of one's own password (users-service.ts).
 */
export type CustomerThrottles = { registrations: Throttle };

export function createCustomerThrottles(throttle: ThrottleFactory): CustomerThrottles {
  return {
    registrations: throttle({
      name: "registration",
      maxHits: 20,
      windowMs: 60 * 60 * 1000,
      message: "Muitas contas criadas a partir deste endereço. Aguarde até uma hora e tente novamente.",
    }),
  };
}
