import type { PaymentSettings } from "../../../common/schemas/payments.ts";
import type { PaymentGateway } from "./provider.ts";

/** A bank transfer or payment at pickup: the customer gets the administrator's instructions, who confirms by hand. */
export function manualGateway(settings: PaymentSettings["manual"]): PaymentGateway {
  return {
    provider: "manual",
    charge: async () => ({ kind: "manual", instructions: settings.instructions }),
  };
}
