import type { MemberStatus } from "../../../common/schemas/members.ts";
import { daysBetween, type LocalDate, overdueFrom } from "./due-cycles.ts";

// A member's status, what her dues make of it, and what an administrator may change by hand.

/** Who set the current status: the dues ("automatic") or an administrator ("manual"). */
export type StatusSource = "automatic" | "manual";

/**
 * Whether the dues decide her status:
 * - "proposta" and "desligado" never move with the dues, whoever set them: she is not (or no longer) a member.
 * - "suspenso" moves only when the dues suspended her; an administrator's suspension stays until an
 *   administrator lifts it, even once every due is paid.
 * - "ativo" and "em_atraso" always move, manual ones included. An administrator who reinstates her
 *   (suspenso -> ativo, or desligado -> ativo) hands her back to the dues from that moment: if her overdue
 *   dues still reach the plan's suspension count, the next computation suspends her again. Reinstating her
 *   for good means settling (or removing) those dues as well.
 */
function movesWithDues(status: MemberStatus, source: StatusSource): boolean {
  if (status === "ativo" || status === "em_atraso") return true;
  return status === "suspenso" && source === "automatic";
}

/**
 * Her status as the dues make it on `today`. A due is overdue from overdueFrom(dueDate, graceDays) on;
 * `suspendAfter` overdue dues (at least 1) suspend her, fewer but some make her "em_atraso", none "ativo".
 */
export function standingStatus(input: {
  status: MemberStatus;
  source: StatusSource;
  unpaid: { dueDate: LocalDate }[];
  today: LocalDate;
  graceDays: number;
  suspendAfter: number;
}): MemberStatus {
  const { status, source, unpaid, today, graceDays, suspendAfter } = input;
  if (!Number.isInteger(suspendAfter) || suspendAfter < 1) {
    throw new RangeError(`suspendAfter is a whole number from 1, not ${suspendAfter}`);
  }
  if (!movesWithDues(status, source)) return status;
  const overdue = unpaid.filter((due) => daysBetween(overdueFrom(due.dueDate, graceDays), today) >= 0).length;
  if (overdue >= suspendAfter) return "suspenso";
  return overdue > 0 ? "em_atraso" : "ativo";
}

/** Em dia: only an active member with nothing overdue. */
export function inGoodStanding(status: MemberStatus): boolean {
  return status === "ativo";
}

/** What an administrator may change by hand, from each status; never to the status she already has. */
export const adminTransitions: Record<MemberStatus, readonly MemberStatus[]> = {
  proposta: ["ativo", "desligado"],
  ativo: ["suspenso", "desligado"],
  em_atraso: ["suspenso", "desligado"],
  suspenso: ["ativo", "desligado"],
  desligado: ["ativo"],
};

export function canMoveTo(from: MemberStatus, to: MemberStatus): boolean {
  return adminTransitions[from].includes(to);
}
