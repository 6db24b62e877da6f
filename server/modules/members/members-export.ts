import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import {
  MEMBER_CSV_COLUMNS,
  type MemberListQuery,
  memberKindLabels,
  memberStatusLabels,
} from "../../../common/schemas/members.ts";
import { containsPattern } from "../../db/sql.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { spreadsheetCsv } from "../../kernel/spreadsheet-csv.ts";
import type { MembersContext } from "./context.ts";
import { memberPlans, members } from "./tables.ts";

/** The register's filter, shared by the list and its export: the search and the status and plan chosen. */
export function memberFilter(query: { q: string } & MemberListQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = query.q.replace(/\D/g, "");
    const match = or(
      ilike(members.name, pattern),
      ilike(members.email, pattern),
      ...(digits ? [ilike(members.taxId, containsPattern(digits))] : []),
      ...(/^\d{1,9}$/.test(query.q.trim()) ? [eq(members.number, Number(query.q.trim()))] : []),
    );
    if (match) filters.push(match);
  }
  if (query.status) filters.push(eq(members.status, query.status));
  if (query.plan_id) filters.push(eq(members.planId, query.plan_id));
  return filters.length ? and(...filters) : undefined;
}

/**
 * The register as a Brazilian spreadsheet's CSV (kernel/spreadsheet-csv.ts: formulas neutralised). It hands
 * every listed member's personal data to whoever asked, so the audit log keeps who, with which filters and
 * how many.
 */
export async function membersCsv(
  context: MembersContext,
  actor: Actor | null,
  query: { q: string } & MemberListQuery,
): Promise<string> {
  const admin = requireAdmin(actor);
  const rows = await context.db
    .select({ member: members, plan: memberPlans.name })
    .from(members)
    .innerJoin(memberPlans, eq(memberPlans.id, members.planId))
    .where(memberFilter(query))
    .orderBy(sql`${members.number} asc nulls last`, asc(members.id));
  const filters: Record<string, string> = {};
  if (query.q) filters["Filtro: busca"] = query.q;
  if (query.status) filters["Filtro: situação"] = memberStatusLabels[query.status];
  if (query.plan_id) filters["Filtro: plano"] = String(query.plan_id);
  await context.services.audit.record({
    actor: admin,
    action: "member.exported",
    recordLabel: "Associados (CSV)",
    details: { ...filters, "Associados exportados": rows.length },
  });
  return spreadsheetCsv(
    MEMBER_CSV_COLUMNS,
    rows.map(({ member, plan }) => [
      member.number ?? "",
      member.name,
      memberKindLabels[member.kind],
      formatTaxId(member.taxId),
      member.email,
      member.phone,
      member.address.postal_code,
      member.address.uf,
      member.address.city,
      member.address.street,
      member.address.number,
      member.address.neighborhood,
      member.address.complement,
      member.bornOn ?? "",
      member.admittedOn ?? "",
      plan,
      memberStatusLabels[member.status],
      member.notes,
    ]),
  );
}
