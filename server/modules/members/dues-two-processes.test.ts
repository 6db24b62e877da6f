import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { asc, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import {
  DEFAULT_MEMBER_SETTINGS,
  MAX_REMINDER_DAYS_AFTER,
  MAX_REMINDER_DAYS_BEFORE,
  type MemberStatus,
} from "../../../common/schemas/members.ts";
import type { AddressInput } from "../../../common/schemas/orders.ts";
import type { DuesRun } from "../../../common/views/members.ts";
import { databaseUrlFor } from "../../../tests/support/database-url.ts";
import { PAULISTA_ADDRESS } from "../../../tests/support/shop-fixture.ts";
import { cpfOf } from "../../../tests/support/tax-ids.ts";
import { createTestServices } from "../../../tests/support/test-services.ts";
import { withTestDatabase } from "../../../tests/support/with-test-services.ts";
import { queryRows } from "../../db/sql.ts";
import { mailOutbox } from "../mail/tables.ts";
import { addDays, dueDateOf, type Period, periodsToMake, saoPauloDate } from "./due-cycles.ts";
import { DUES_BATCH } from "./dues.ts";
import { standingStatus } from "./member-standing.ts";
import type { PlanRow } from "./member-views.ts";
import { reminderOn } from "./reminders.ts";
import { memberDueReminders, memberDues, memberPlans, memberStatusChanges, members } from "./tables.ts";

/*
 * Issue 36's "exactly once": the dues' job run by two job runners at the same moment, by one killed half way
 * and started again, and under a clock moved back and forward, never makes two dues for one member and cycle,
 * moves a status twice, or sends a reminder twice. Each outcome is compared with what one run at each date
 * makes by the cycles' rules (due-cycles.ts, member-standing.ts and reminderOn, each table-tested on its own).
 * On PostgreSQL the job runners are processes of their own (tests/support/dues-process.ts) on the file's
 * database; the embedded database belongs to one process, so there they are two calls at once in this one.
 */

const test = withTestDatabase();

/** Members enough for two of the job's batches: a process is killed between its first and its second. */
const MEMBERS = DUES_BATCH + 40;
/** The clock's test takes eight turns: fewer members, each plan with each latest period still. */
const CLOCK_MEMBERS = 200;

const PLANS = [
  { name: "Mensal dia 31", cycle: "mensal", dueDay: 31, graceDays: 5, suspendAfter: 2, amountCents: 4990 },
  { name: "Mensal dia 5", cycle: "mensal", dueDay: 5, graceDays: 0, suspendAfter: 3, amountCents: 2500 },
  { name: "Trimestral", cycle: "trimestral", dueDay: 10, graceDays: 3, suspendAfter: 1, amountCents: 12000 },
  { name: "Semestral", cycle: "semestral", dueDay: 15, graceDays: 10, suspendAfter: 2, amountCents: 24000 },
  { name: "Anual", cycle: "anual", dueDay: 1, graceDays: 30, suspendAfter: 1, amountCents: 45000 },
] as const;

/** The period of each member's latest due when the test starts: from months behind to none to make yet. */
const LAST_PERIODS = ["2026-09", "2026-12", "2027-01", "2027-02"];

const ADDRESS: AddressInput = { ...PAULISTA_ADDRESS, uf: "SP", complement: "" };

/** Noon in São Paulo on `day`. */
const noon = (day: string) => new Date(`${day}T15:00:00Z`);

type Seeded = { id: number; email: string; plan: PlanRow; lastPeriod: Period };

/** The register, written straight to the tables: hundreds of members, each plan with each latest period. */
async function seed(count: number): Promise<Seeded[]> {
  const { db } = test.database;
  const plans = await db
    .insert(memberPlans)
    .values(PLANS.map((plan) => ({ ...plan })))
    .returning();
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: count }, (_, index) => ({
        number: index + 1,
        kind: "pessoa" as const,
        name: `Associada ${index + 1}`,
        taxId: cpfOf(700_000 + index),
        email: `associada${index + 1}@example.com`,
        phone: "(81) 99999-1234",
        address: ADDRESS,
        admittedOn: "2020-01-06",
        planId: plans[index % plans.length]?.id ?? 0,
        status: "ativo" as const,
        statusSource: "automatic" as const,
        lastPeriod: LAST_PERIODS[Math.floor(index / plans.length) % LAST_PERIODS.length] ?? null,
        verificationCode: randomBytes(16).toString("base64url"),
      })),
    )
    .returning();
  return rows
    .map((row) => {
      const plan = plans.find((candidate) => candidate.id === row.planId);
      if (!plan || !row.lastPeriod) throw new Error(`member ${row.id} seeded without a plan or a period`);
      return { id: row.id, email: row.email, plan, lastPeriod: row.lastPeriod };
    })
    .sort((a, b) => a.id - b.id);
}

/** What the tests compare: each due, status, move, reminder and reminder's e-mail, one line each, in order. */
type Outcome = { dues: string[]; statuses: string[]; moves: string[]; reminders: string[]; mails: string[] };

async function outcome(): Promise<Outcome> {
  const { db } = test.database;
  const dues = await db
    .select({ member: memberDues.memberId, period: memberDues.period, dueOn: memberDues.dueOn })
    .from(memberDues);
  const statuses = await db.select({ id: members.id, status: members.status }).from(members);
  const moves = await db
    .select({
      member: memberStatusChanges.memberId,
      from: memberStatusChanges.fromStatus,
      to: memberStatusChanges.toStatus,
    })
    .from(memberStatusChanges)
    .orderBy(asc(memberStatusChanges.memberId), asc(memberStatusChanges.id));
  const reminders = await db
    .select({ member: memberDues.memberId, period: memberDues.period, kind: memberDueReminders.kind })
    .from(memberDueReminders)
    .innerJoin(memberDues, eq(memberDues.id, memberDueReminders.dueId));
  const mails = await db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "member-due-reminder"));
  return {
    dues: dues.map((due) => `${due.member} ${due.period} ${due.dueOn}`).sort(),
    statuses: statuses.map((row) => `${row.id} ${row.status}`).sort(),
    moves: moves.map((move) => `${move.member} ${move.from} > ${move.to}`),
    reminders: reminders.map((row) => `${row.member} ${row.period} ${row.kind}`).sort(),
    mails: mails.map((mail) => mail.to).sort(),
  };
}

/**
 * What one job runner's turn at each of `days`, one after another, makes of the seeded register (every due left
 * unpaid, the reminders' default settings), and how many dues, moves and reminders each turn counts.
 */
function expected(seeded: Seeded[], days: string[]): { outcome: Outcome; turns: DuesRun[] } {
  const result: Outcome = { dues: [], statuses: [], moves: [], reminders: [], mails: [] };
  const turns = days.map(() => ({ made: 0, moved: 0, reminded: 0 }));
  for (const member of seeded) {
    const { plan } = member;
    let last = member.lastPeriod;
    let status: MemberStatus = "ativo";
    const dues: { period: Period; dueOn: string }[] = [];
    const reminded = new Set<string>();
    for (const [turn, day] of days.entries()) {
      const count = turns[turn] ?? { made: 0, moved: 0, reminded: 0 };
      const today = saoPauloDate(noon(day));
      const periods = periodsToMake(last, plan.cycle, plan.dueDay, today);
      for (const period of periods) dues.push({ period, dueOn: dueDateOf(period, plan.dueDay) });
      last = periods[periods.length - 1] ?? last;
      count.made += periods.length;
      const next = standingStatus({
        status,
        source: "automatic",
        unpaid: dues.map((due) => ({ dueDate: due.dueOn })),
        today,
        graceDays: plan.graceDays,
        suspendAfter: plan.suspendAfter,
      });
      if (next !== status) {
        result.moves.push(`${member.id} ${status} > ${next}`);
        count.moved += 1;
        status = next;
      }
      const [from, to] = [addDays(today, -MAX_REMINDER_DAYS_AFTER), addDays(today, MAX_REMINDER_DAYS_BEFORE)];
      for (const due of dues) {
        if (due.dueOn < from || due.dueOn > to) continue;
        const reminder = reminderOn(due.dueOn, today, DEFAULT_MEMBER_SETTINGS.reminders);
        const line = reminder && `${member.id} ${due.period} ${reminder.kind}`;
        if (!line || reminded.has(line)) continue;
        reminded.add(line);
        result.mails.push(member.email);
        count.reminded += 1;
      }
    }
    result.dues.push(...dues.map((due) => `${member.id} ${due.period} ${due.dueOn}`));
    result.statuses.push(`${member.id} ${status}`);
    result.reminders.push(...reminded);
  }
  for (const key of ["dues", "statuses", "reminders", "mails"] as const) result[key].sort();
  return { outcome: result, turns };
}

/** Dues, moves and reminders counted by several turns together. */
const total = (runs: DuesRun[]): DuesRun =>
  runs.reduce((sum, run) => ({
    made: sum.made + run.made,
    moved: sum.moved + run.moved,
    reminded: sum.reminded + run.reminded,
  }));

// --- Job runners in processes of their own (PostgreSQL) ---

const RUNNER = path.resolve(import.meta.dirname, "../../../tests/support/dues-process.ts");
const children: ChildProcess[] = [];

/** The file's PostgreSQL database as another process reaches it, named in pg_stat_activity by `application`. */
async function databaseUrl(application: string): Promise<string> {
  const template = inject("databaseTemplate");
  if (template.engine !== "postgres") throw new Error("Only a PostgreSQL database is open to other processes.");
  const [row] = await queryRows(
    test.database.db,
    sql`select current_database() as name`,
    z.object({ name: z.string() }),
  );
  const url = new URL(databaseUrlFor(template.url, row?.name ?? ""));
  url.searchParams.set("application_name", application);
  return url.toString();
}

type Runner = ReturnType<typeof startRunner>;

/** A job runner in a process of its own, ready once connected; `turn` starts a turn at a wall-clock instant. */
function startRunner(url: string) {
  const child = spawn(process.execPath, [RUNNER, url], { stdio: ["pipe", "pipe", "inherit"] });
  children.push(child);
  const exited = once(child, "exit");
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const line = await lines.next();
    if (line.done) throw new Error(`the job runner's process ended with ${(await exited).join(" ")}`);
    return line.value;
  };
  const ready = nextLine().then((line) => expect(line).toBe("ready"));
  return {
    child,
    exited,
    ready,
    /** The turn as of `now`, started at the wall-clock instant `at`. */
    async turn(now: Date, at = Date.now()): Promise<DuesRun> {
      await ready;
      child.stdin.write(`${at} ${now.toISOString()}\n`);
      return JSON.parse(await nextLine());
    },
  };
}

/** Two processes for the file's turns on PostgreSQL, started once: each turn builds its services afresh. */
let runners: Runner[] = [];

beforeAll(async () => {
  if (test.database.engine !== "postgres") return;
  const url = await databaseUrl("dues-test");
  runners = [startRunner(url), startRunner(url)];
  await Promise.all(runners.map((runner) => runner.ready));
});

afterAll(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** A job runner's turn as of `now`: in another process on PostgreSQL, in this one on PGlite. */
async function oneTurn(now: Date): Promise<DuesRun> {
  if (test.database.engine === "pglite") return createTestServices(test.database).members.runDues(now);
  const [runner] = runners;
  if (!runner) throw new Error("The job runners' processes start before the tests.");
  return runner.turn(now);
}

/** Two job runners' turns as of `now` started at one instant: two processes, or two calls at once on PGlite. */
async function twoAtOnce(now: Date): Promise<DuesRun[]> {
  if (test.database.engine === "pglite") {
    const [one, other] = [createTestServices(test.database), createTestServices(test.database)];
    return Promise.all([one.members.runDues(now), other.members.runDues(now)]);
  }
  // Both spin until the same instant, a little ahead, so that neither starts while the other is still being told.
  const at = Date.now() + 100;
  return Promise.all(runners.map((runner) => runner.turn(now, at)));
}

/** Polls until `done` answers true, however long a slow machine takes (the test's timeout bounds a hang). */
async function until(done: () => Promise<boolean>, unless: Promise<unknown>): Promise<void> {
  let ended = false;
  void unless.then(() => {
    ended = true;
  });
  while (!(await done())) {
    if (ended) throw new Error("the job runner's process ended before the point it was to be killed at");
    await sleep(20);
  }
}

/**
 * A turn stopped in its second batch, as a process killed there leaves it: the first batch's dues and moves
 * written, the second's transaction never committed. On PostgreSQL a process of its own is killed (SIGKILL)
 * while this one holds the second batch's members, so that its insert of their dues waits; on PGlite the
 * database refuses that insert, as nothing else stops a call at that point in this process.
 */
async function killedInSecondBatch(now: Date, secondBatchFrom: number): Promise<void> {
  const { db } = test.database;
  if (test.database.engine === "pglite") {
    await db.execute(sql`create function dues_test_stop() returns trigger language plpgsql as $$
      begin raise exception 'stopped in the second batch'; end $$`);
    try {
      await db.execute(
        sql.raw(`create trigger dues_test_stop before insert on member_dues for each row
          when (new.member_id >= ${Number(secondBatchFrom)}) execute function dues_test_stop()`),
      );
      await expect(createTestServices(test.database).members.runDues(now)).rejects.toThrow();
    } finally {
      await db.execute(sql`drop function dues_test_stop() cascade`);
    }
    return;
  }
  const application = "dues-test-killed";
  const holder = new pg.Client({ connectionString: await databaseUrl("dues-test-holder") });
  await holder.connect();
  try {
    await holder.query("begin");
    await holder.query("select id from members where id >= $1 for update", [secondBatchFrom]);
    const doomed = startRunner(await databaseUrl(application));
    void doomed.turn(now).catch(() => {});
    await until(async () => {
      const waiting = await queryRows(
        db,
        sql`select pid from pg_stat_activity where application_name = ${application} and wait_event_type = 'Lock'`,
        z.object({ pid: z.number() }),
      );
      return waiting.length > 0;
    }, doomed.exited);
    doomed.child.kill("SIGKILL");
    await doomed.exited;
  } finally {
    await holder.query("rollback");
    await holder.end();
  }
}

describe("the dues' job, exactly once", () => {
  it("makes each due, move and reminder once when two job runners take the same turn at the same moment", async () => {
    const seeded = await seed(MEMBERS);
    const single = expected(seeded, ["2027-02-26"]);
    expect(total(await twoAtOnce(noon("2027-02-26")))).toEqual(single.turns[0]);
    expect(await outcome()).toEqual(single.outcome);
    expect(single.outcome.dues.length).toBeGreaterThan(MEMBERS);
    expect(single.outcome.moves.length).toBeGreaterThan(0);
    expect(single.outcome.reminders.length).toBeGreaterThan(0);
    // And at the same moment again: nothing more.
    expect(await oneTurn(noon("2027-02-26"))).toEqual({ made: 0, moved: 0, reminded: 0 });
    expect(await outcome()).toEqual(single.outcome);
  });

  it("finishes the turn of a job runner killed half way when another takes it again, none of its work twice", async () => {
    const seeded = await seed(MEMBERS);
    const secondBatchFrom = seeded[DUES_BATCH]?.id ?? 0;
    await killedInSecondBatch(noon("2027-03-25"), secondBatchFrom);
    // Killed half way: the first batch's dues made and members moved, the second's not, no reminder sent.
    const single = expected(seeded, ["2027-03-25"]);
    const half = await outcome();
    const firstBatch = (line: string) => Number(line.split(" ")[0]) < secondBatchFrom;
    expect(half.dues).toEqual(single.outcome.dues.filter(firstBatch));
    expect(half.moves).toEqual(single.outcome.moves.filter(firstBatch));
    expect(half.reminders).toEqual([]);
    // Taken again (the job's lease passes on when its holder dies): only the rest, as one turn would have made it.
    expect(await oneTurn(noon("2027-03-25"))).toEqual({
      made: single.outcome.dues.length - half.dues.length,
      moved: single.outcome.moves.length - half.moves.length,
      reminded: single.outcome.reminders.length,
    });
    expect(await outcome()).toEqual(single.outcome);
  });

  it("makes nothing twice under a clock set back, then ahead, then right again", async () => {
    const seeded = await seed(CLOCK_MEMBERS);
    const days = ["2027-03-25", "2027-01-04", "2027-07-02", "2027-03-26"];
    // Set back and right again, the clock makes no dues; set ahead, the months it skipped.
    expect(expected(seeded, days).turns.map((turn) => turn.made > 0)).toEqual([true, false, true, false]);
    for (const [turn, day] of days.entries()) {
      const runs = await twoAtOnce(noon(day));
      const single = expected(seeded, days.slice(0, turn + 1));
      expect(await outcome(), day).toEqual(single.outcome);
      expect(total(runs), day).toEqual(single.turns[turn]);
    }
  });
});
