import { and, asc, between, eq, gt, inArray } from "drizzle-orm";
import {
  MAX_REMINDER_DAYS_AFTER,
  MAX_REMINDER_DAYS_BEFORE,
  type MemberSettings,
} from "../../../common/schemas/members.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { eventLoopTurns } from "../../kernel/event-loop.ts";
import type { MembersContext } from "./context.ts";
import { addDays, CYCLE_MONTHS, daysBetween, type LocalDate, saoPauloDate } from "./due-cycles.ts";
import { OWING } from "./dues.ts";
import type { MemberSettingsService } from "./member-settings.ts";
import { duePayment, periodLabel } from "./member-views.ts";
import { memberDueReminders, memberDues, memberPlans, members } from "./tables.ts";

const REMINDERS_PER_TRANSACTION = 10;
/** Open dues read at a time while the reminders are planned. */
const PLANNING_PAGE = 250;

export type ReminderWhen = "before" | "on_day" | "after";
export type Reminder = { kind: string; when: ReminderWhen; days: number };

/**
 * The reminder a due has on `today`, if one: the reminders in the order of their days (5 and 1 before, the
 * day itself, 3 and 10 after), each for the days until the next one's. A job runner down on a reminder's day
 * sends the one after it instead of both; none goes before the due is made or past the last one's day.
 */
export function reminderOn(
  dueOn: LocalDate,
  today: LocalDate,
  reminders: MemberSettings["reminders"],
): Reminder | null {
  const planned: (Reminder & { on: LocalDate })[] = [
    ...(reminders.before.enabled ? reminders.before.days : []).map((days) => ({
      kind: `before-${days}`,
      when: "before" as const,
      days,
      on: addDays(dueOn, -days),
    })),
    ...(reminders.on_day.enabled ? [{ kind: "on-day", when: "on_day" as const, days: 0, on: dueOn }] : []),
    ...(reminders.after.enabled ? reminders.after.days : []).map((days) => ({
      kind: `after-${days}`,
      when: "after" as const,
      days,
      on: addDays(dueOn, days),
    })),
  ].sort((a, b) => daysBetween(b.on, a.on));
  for (const [index, reminder] of planned.entries()) {
    const until = planned[index + 1]?.on ?? addDays(reminder.on, 1);
    if (today >= reminder.on && today < until) return { kind: reminder.kind, when: reminder.when, days: reminder.days };
  }
  return null;
}

export function createReminders(context: MembersContext, memberSettings: MemberSettingsService) {
  const { db } = context;

  return {
    /**
     * The job runner's reminders: each open due of an owing member whose reminder is today, e-mailed once
     * (its row and its e-mail in one transaction), with what pays it: the shop's BR Code, or Asaas's Pix code and
     * payment page when the dues go through Asaas. A paid or waived due is no longer open: nothing after it.
     */
    async sendReminders(now = new Date()): Promise<number> {
      const { reminders, payments } = await memberSettings.stored();
      const today = saoPauloDate(now);
      const pix = (await context.services.shop.paymentSettings()).pix;
      const base = context.config.BASE_URL;
      const letOthersIn = eventLoopTurns();
      /** A page of the open dues whose reminder may be due today, after the due `after`, in id order. */
      const duesAfter = (after: number) =>
        db
          .select({ due: memberDues, member: members, plan: memberPlans })
          .from(memberDues)
          .innerJoin(members, eq(members.id, memberDues.memberId))
          .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
          .where(
            and(
              gt(memberDues.id, after),
              eq(memberDues.status, "open"),
              inArray(members.status, [...OWING]),
              between(
                memberDues.dueOn,
                addDays(today, -MAX_REMINDER_DAYS_AFTER),
                addDays(today, MAX_REMINDER_DAYS_BEFORE),
              ),
            ),
          )
          .orderBy(asc(memberDues.id))
          .limit(PLANNING_PAGE);
      let sent = 0;
      // A page of dues at a time: on the embedded database a query runs on the event loop, and one reading every
      // open due at once (tens of thousands) held visitors' pages for a second.
      for (let page = await duesAfter(0); page.length > 0; page = await duesAfter(page[page.length - 1]?.due.id ?? 0)) {
        const planned = page.flatMap((row) => {
          const reminder = reminderOn(row.due.dueOn, today, reminders);
          return reminder ? [{ ...row, reminder }] : [];
        });
        // Ten reminders a transaction: each row and its e-mail still go together, and the transaction is short, as
        // visitors' queries wait for it on the embedded database.
        for (let start = 0; start < planned.length; start += REMINDERS_PER_TRANSACTION) {
          const batch = planned.slice(start, start + REMINDERS_PER_TRANSACTION);
          sent += await context.transaction(async (tx) => {
            const kept = await tx.db
              .insert(memberDueReminders)
              .values(batch.map(({ due, reminder }) => ({ dueId: due.id, kind: reminder.kind })))
              .onConflictDoNothing()
              .returning({ dueId: memberDueReminders.dueId });
            const keptDues = new Set(kept.map((row) => row.dueId));
            for (const { due, member, plan, reminder } of batch) {
              if (!keptDues.has(due.id)) continue;
              const pays = duePayment(due, payments.provider, pix);
              await tx.services.mail.queue("member-due-reminder", member.email, {
                name: member.name,
                when: reminder.when,
                days: reminder.days,
                periodLabel: periodLabel(due.period, CYCLE_MONTHS[plan.cycle]),
                amountCents: due.amountCents,
                dueOn: due.dueOn,
                pixCode: pays.pixCode,
                paymentUrl: pays.paymentUrl,
                accountUrl: base ? `${base}${accountPaths.membership}` : null,
              });
              await letOthersIn();
            }
            return keptDues.size;
          });
        }
        await letOthersIn();
      }
      return sent;
    },
  };
}
