/**
 * The dues of many members (issue 36): `count` members registered on a plan whose next due day is five days
 * ahead, then one turn of the dues' job (POST /api/members/dues/run, what the job runner does every 30
 * minutes) timed until it answers with every due made. Meanwhile two visitors ask for the home page and /sobre
 * without pause: their slowest answer is the target's (at most 0.3 s).
 */

import type { SettingsView } from "../../common/views/settings.ts";
import { PAULISTA_ADDRESS } from "../../tests/support/shop-fixture.ts";
import { cpfOf } from "../../tests/support/tax-ids.ts";
import type { Database } from "./results.ts";
import { apiClient, seed } from "./seed.ts";
import { figure, type Row } from "./table.ts";
import { percentile, visitorsDuring } from "./visitors.ts";

const VISITOR_TARGET_MS = 300;
/** Members registered at once: the server's own pace, not the bench's. */
const REGISTERING_AT_ONCE = 8;

export type MemberDuesFigure = {
  database: Database;
  members: number;
  registeringSeconds: number;
  made: number;
  /** Reminders e-mailed in the same turn: each first due is five days ahead, so one each. */
  reminded: number;
  seconds: number;
  perSecond: number;
  visitorRequests: number;
  visitorP95Ms: number;
  visitorMaxMs: number;
};

/** The day of the month five days from now in São Paulo: the plan's due day, so every member's first due is made now. */
function dueDaySoon(): number {
  const inFiveDays = new Date(Date.now() + 5 * 24 * 3600 * 1000);
  return Number(new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", day: "numeric" }).format(inFiveDays));
}

export async function benchMemberDues(base: string, database: Database, count: number): Promise<MemberDuesFigure> {
  const { token } = await seed(base);
  const api = apiClient(base);
  await api.login();
  const settings = await api.get<SettingsView>("/api/settings");
  await api.post("/api/settings", {
    ...settings,
    features: { ...settings.features, members: { ...settings.features.members, enabled: true } },
  });
  const plan = await api.post<{ id: number }>("/api/members/plans", {
    name: "Mensal",
    amount_cents: 4990,
    cycle: "mensal",
    due_day: dueDaySoon(),
    grace_days: 5,
    suspend_after: 2,
  });
  const registering = performance.now();
  let next = 0;
  const register = async () => {
    while (next < count) {
      const serial = next++;
      await api.post("/api/members", {
        kind: "pessoa",
        name: `Associada ${serial + 1}`,
        tax_id: cpfOf(200_000_000 + serial),
        email: `associada-${serial + 1}@bench.example`,
        phone: "(11) 98765-4321",
        address: PAULISTA_ADDRESS,
        plan_id: plan.id,
      });
    }
  };
  await Promise.all(Array.from({ length: REGISTERING_AT_ONCE }, register));
  const registeringSeconds = (performance.now() - registering) / 1000;

  // Each page once before the turn: the visitors' figure is the site's while the dues are made, not a first render.
  for (const path of ["/", "/sobre"]) await (await fetch(`${base}${path}`)).arrayBuffer();
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const visited = visitorsDuring(base, ["/", "/sobre"], finished);
  const started = performance.now();
  const response = await fetch(`${base}/api/members/dues/run`, {
    method: "POST",
    headers: { authorization: `Token ${token}` },
    signal: AbortSignal.timeout(20 * 60_000),
  });
  const seconds = (performance.now() - started) / 1000;
  finish();
  if (!response.ok) throw new Error(`member dues bench: run -> ${response.status} ${await response.text()}`);
  const { made, reminded } = (await response.json()) as { made: number; reminded: number };
  const times = (await visited).sort((a, b) => a - b);
  return {
    database,
    members: count,
    registeringSeconds,
    made,
    reminded,
    seconds,
    perSecond: made / seconds,
    visitorRequests: times.length,
    visitorP95Ms: percentile(times, 0.95),
    visitorMaxMs: times.at(-1) ?? 0,
  };
}

export function memberDuesRows(figures: MemberDuesFigure[]): Row[] {
  return figures.flatMap((result) => [
    {
      figure: `dues of ${result.members} members in one turn of the job runner (${result.database})`,
      value:
        `${result.made} made and ${result.reminded} reminded in ${figure(result.seconds)} s ` +
        `(${figure(result.perSecond)} dues/s; registering them took ${figure(result.registeringSeconds)} s)`,
      ratio: "",
      target: "one due and one reminder per member",
      misses: result.made !== result.members || result.reminded !== result.members ? ["not one each"] : [],
    },
    {
      figure: `visitors' pages (/ and /sobre) while the dues are made (${result.database})`,
      value: `${result.visitorRequests} answers, p95 ${figure(result.visitorP95Ms)} ms, slowest ${figure(result.visitorMaxMs)} ms`,
      ratio: "",
      target: `slowest <= ${VISITOR_TARGET_MS} ms`,
      misses: result.visitorMaxMs > VISITOR_TARGET_MS ? ["slow"] : [],
    },
  ]);
}
