import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";

/**
 * Accounts made from one client address (a script filling the sign-up form), and password checks
 * before deleting an account (per account: a session left open must not be a way to guess it).
 */
export type CustomerThrottles = { registrations: Throttle; passwordChecks: Throttle };

export function createCustomerThrottles(throttle: ThrottleFactory): CustomerThrottles {
  return {
    registrations: throttle({
      name: "registration",
      maxHits: 20,
      windowMs: 60 * 60 * 1000,
      message: "Muitas contas criadas a partir deste endereço. Aguarde até uma hora e tente novamente.",
    }),
    passwordChecks: throttle({
      name: "account-password",
      maxHits: 5,
      windowMs: 15 * 60 * 1000,
      message: "Muitas tentativas com a senha errada. Aguarde até 15 minutos e tente novamente.",
    }),
  };
}
