import { SITE_TIME_ZONE } from "./time-zone.ts";

const day = new Intl.DateTimeFormat("pt-BR", {
  timeZone: SITE_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const clock = new Intl.DateTimeFormat("pt-BR", { timeZone: SITE_TIME_ZONE, hour: "2-digit", minute: "2-digit" });

/**
 * What the buyer of an unpaid order reads of its deadline (orders.expires_at, the shop's hours after it was
 * placed), on the São Paulo clock: "Pague até 04/12/2026 às 21:47 (horário de Brasília); depois disso o
 * pedido é cancelado."
 */
export function payByText(expiresAt: string | Date): string {
  const instant = typeof expiresAt === "string" ? new Date(expiresAt) : expiresAt;
  return `Pague até ${day.format(instant)} às ${clock.format(instant)} (horário de Brasília); depois disso o pedido é cancelado.`;
}
