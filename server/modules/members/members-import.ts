import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { normalizeTaxId } from "../../../common/brazil/tax-id.ts";
import {
  type MemberInput,
  type MemberStatus,
  memberSchema,
  memberStatuses,
  memberStatusLabels,
} from "../../../common/schemas/members.ts";
import type { MemberImportReport } from "../../../common/views/members.ts";
import { fieldErrors } from "../../../common/zod.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { headerKey, readSpreadsheet, type SpreadsheetRow } from "../../kernel/spreadsheet-read.ts";
import type { MembersContext } from "./context.ts";
import { saoPauloDate } from "./due-cycles.ts";
import { periodBeforeNext } from "./dues.ts";
import type { MemberRow, PlanRow } from "./member-views.ts";
import { memberPlans, memberRegister, memberStatusChanges, members } from "./tables.ts";

/** The register's own CSV (members-export.ts) is what the import reads back: its columns by their header. */
const COLUMN = {
  number: headerKey("Número"),
  name: headerKey("Nome"),
  kind: headerKey("Tipo"),
  taxId: headerKey("CPF ou CNPJ"),
  email: headerKey("E-mail"),
  phone: headerKey("Telefone"),
  postalCode: headerKey("CEP"),
  uf: headerKey("UF"),
  city: headerKey("Cidade"),
  street: headerKey("Endereço"),
  streetNumber: headerKey("Número do endereço"),
  neighborhood: headerKey("Bairro"),
  complement: headerKey("Complemento"),
  bornOn: headerKey("Nascimento ou fundação"),
  admittedOn: headerKey("Admissão"),
  plan: headerKey("Plano"),
  status: headerKey("Situação"),
  notes: headerKey("Observações"),
};

const FIELD_NAMES: Record<string, string> = {
  kind: "Tipo",
  name: "Nome",
  tax_id: "CPF ou CNPJ",
  email: "E-mail",
  phone: "Telefone",
  "address.postal_code": "CEP",
  "address.uf": "UF",
  "address.city": "Cidade",
  "address.street": "Endereço",
  "address.number": "Número do endereço",
  "address.neighborhood": "Bairro",
  "address.complement": "Complemento",
  born_on: "Nascimento ou fundação",
  admitted_on: "Admissão",
  plan_id: "Plano",
  notes: "Observações",
};

/** "17/05/1980" or "1980-05-17" as the schema's day; text it cannot read stays as it is, for its error. */
function day(text: string): string {
  const brazilian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!brazilian) return text;
  const [, date = "", month = "", year = ""] = brazilian;
  return `${year}-${month.padStart(2, "0")}-${date.padStart(2, "0")}`;
}

const STATUS_BY_LABEL = new Map(
  memberStatuses
    .filter((status) => status !== "proposta")
    .map((status) => [headerKey(memberStatusLabels[status]), status]),
);

type Planned =
  | { line: number; action: "error"; name: string; tax_id: string; errors: string[] }
  | {
      line: number;
      action: "create" | "update" | "unchanged";
      name: string;
      tax_id: string;
      errors: [];
      input: MemberInput;
      number: number | null;
      status: MemberStatus;
      existing: MemberRow | null;
    };

/**
 * Whether saving `input` would change nothing of the member's register entry. An empty admission keeps hers
 * (a member imported without one was admitted on the day of the import).
 */
function sameEntry(row: MemberRow, input: MemberInput, planId: number): boolean {
  const address = (value: MemberRow["address"]) =>
    JSON.stringify([
      value.postal_code,
      value.uf,
      value.city,
      value.street,
      value.number,
      value.neighborhood,
      value.complement,
    ]);
  return (
    row.kind === input.kind &&
    row.name === input.name &&
    row.email === input.email &&
    row.phone === input.phone &&
    address(row.address) === address(input.address) &&
    (row.bornOn ?? "") === input.born_on &&
    (input.admitted_on === "" || row.admittedOn === input.admitted_on) &&
    row.planId === planId &&
    row.notes === input.notes
  );
}

/**
 * The register read back from a CSV (its own export's columns, in Excel's `;` or `,`): each line checked as
 * the form checks a member, matched by CPF/CNPJ to the register, and planned as a new member, a change, nothing
 * (importing the same file again changes nothing) or an error that names the line and the field.
 */
export function createMembersImport(context: MembersContext, nextNumber: (tx: MembersContext) => Promise<number>) {
  const { db } = context;

  async function plan(csv: string): Promise<Planned[]> {
    const rows = readSpreadsheet(csv, "planilha de associados");
    const plans = await db.select().from(memberPlans);
    const planByName = new Map(plans.map((row) => [headerKey(row.name), row]));
    const existing = await db.select().from(members);
    const byTaxId = new Map(existing.map((row) => [row.taxId, row]));
    const byNumber = new Map(existing.flatMap((row) => (row.number === null ? [] : [[row.number, row] as const])));
    const seenTaxIds = new Set<string>();
    const seenNumbers = new Set<number>();
    return rows.map((row) => planLine(row, planByName, byTaxId, byNumber, seenTaxIds, seenNumbers));
  }

  function planLine(
    row: SpreadsheetRow,
    planByName: Map<string, PlanRow>,
    byTaxId: Map<string, MemberRow>,
    byNumber: Map<number, MemberRow>,
    seenTaxIds: Set<string>,
    seenNumbers: Set<number>,
  ): Planned {
    const name = row.get(COLUMN.name);
    const rawTaxId = row.get(COLUMN.taxId);
    const bare = normalizeTaxId(rawTaxId) ?? rawTaxId;
    const errors: string[] = [];
    const planRow = planByName.get(headerKey(row.get(COLUMN.plan)));
    if (!planRow) errors.push(`Plano: "${row.get(COLUMN.plan)}" não é um dos planos cadastrados`);
    const kindText = headerKey(row.get(COLUMN.kind));
    const kind =
      kindText === ""
        ? bare.length === 14
          ? "organizacao"
          : "pessoa"
        : kindText.startsWith("org")
          ? "organizacao"
          : kindText === "pessoa"
            ? "pessoa"
            : kindText;
    const parsed = memberSchema.safeParse({
      kind,
      name,
      tax_id: rawTaxId,
      email: row.get(COLUMN.email),
      phone: row.get(COLUMN.phone),
      address: {
        postal_code: row.get(COLUMN.postalCode),
        uf: row.get(COLUMN.uf),
        city: row.get(COLUMN.city),
        street: row.get(COLUMN.street),
        number: row.get(COLUMN.streetNumber),
        neighborhood: row.get(COLUMN.neighborhood),
        complement: row.get(COLUMN.complement),
      },
      born_on: day(row.get(COLUMN.bornOn)),
      admitted_on: day(row.get(COLUMN.admittedOn)),
      plan_id: planRow?.id ?? 1,
      notes: row.get(COLUMN.notes),
    });
    if (!parsed.success)
      for (const [field, messages] of Object.entries(fieldErrors(parsed.error))) {
        const column = FIELD_NAMES[field] ?? field;
        const dayColumn = field === "born_on" ? COLUMN.bornOn : field === "admitted_on" ? COLUMN.admittedOn : null;
        // The file's dates are Brazilian: the schema's words (AAAA-MM-DD) are the form's, not the spreadsheet's.
        errors.push(
          dayColumn
            ? `${column}: "${row.get(dayColumn)}" não é uma data válida (dd/mm/aaaa)`
            : `${column}: ${messages.join("; ")}`,
        );
      }
    const numberText = row.get(COLUMN.number);
    const number = numberText === "" ? null : /^\d{1,9}$/.test(numberText) ? Number(numberText) : Number.NaN;
    if (Number.isNaN(number)) errors.push(`Número: "${numberText}" não é um número de associado`);
    const statusText = row.get(COLUMN.status);
    const status = statusText === "" ? "ativo" : STATUS_BY_LABEL.get(headerKey(statusText));
    if (!status) errors.push(`Situação: "${statusText}" não é Ativo, Em atraso, Suspenso nem Desligado`);
    const current = byTaxId.get(bare) ?? null;
    if (seenTaxIds.has(bare)) errors.push("CPF ou CNPJ: repetido em outra linha desta planilha");
    seenTaxIds.add(bare);
    if (number !== null && !Number.isNaN(number)) {
      const holder = byNumber.get(number);
      if ((holder && holder.id !== current?.id) || seenNumbers.has(number))
        errors.push(`Número: ${number} já é de outro associado`);
      seenNumbers.add(number);
    }
    if (errors.length > 0 || !parsed.success || !planRow || !status || Number.isNaN(number))
      return { line: row.line, action: "error", name, tax_id: bare, errors };
    const action = current === null ? "create" : sameEntry(current, parsed.data, planRow.id) ? "unchanged" : "update";
    return {
      line: row.line,
      action,
      name,
      tax_id: bare,
      errors: [],
      input: parsed.data,
      number,
      status,
      existing: current,
    };
  }

  function report(planned: Planned[]): MemberImportReport {
    const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
    for (const line of planned) counts[line.action] += 1;
    return {
      counts,
      lines: planned.map(({ line, action, name, tax_id, errors }) => ({ line, action, name, tax_id, errors })),
    };
  }

  return {
    /** What importing this CSV would do, line by line; nothing is written. */
    async previewImport(actor: Actor | null, csv: string): Promise<MemberImportReport> {
      requireAdmin(actor);
      return report(await plan(csv));
    },

    /**
     * Imports the lines without errors (the others stay as they are, listed in the answer): new members get the
     * number of their line or the register's next, their status, and dues from the plan's next due day; changed
     * ones their new entry (their number and status are theirs to change on their page).
     */
    async importMembers(actor: Actor | null, csv: string): Promise<MemberImportReport> {
      const admin = requireAdmin(actor);
      const planned = await plan(csv);
      const today = saoPauloDate(new Date());
      await context.transaction(async (tx) => {
        const plans = new Map((await tx.db.select().from(memberPlans)).map((row) => [row.id, row]));
        await tx.db.insert(memberRegister).values({ id: 1 }).onConflictDoNothing();
        // The numbers the file gives are taken first: those handed out to the lines without one come after them.
        const given = planned.flatMap((line) =>
          line.action === "create" && line.number !== null ? [line.number] : [],
        );
        if (given.length > 0)
          await tx.db
            .update(memberRegister)
            .set({ nextNumber: sql`greatest(${memberRegister.nextNumber}, ${Math.max(...given) + 1})` })
            .where(eq(memberRegister.id, 1));
        for (const line of planned) {
          if (line.action === "error" || line.action === "unchanged") continue;
          const memberPlan = plans.get(line.input.plan_id);
          if (!memberPlan) continue;
          const columns = {
            kind: line.input.kind,
            name: line.input.name,
            taxId: line.input.tax_id,
            email: line.input.email,
            phone: line.input.phone,
            address: line.input.address,
            bornOn: line.input.born_on || null,
            admittedOn: line.input.admitted_on || null,
            planId: memberPlan.id,
            notes: line.input.notes,
          };
          if (line.existing) {
            await tx.db
              .update(members)
              .set({ ...columns, admittedOn: columns.admittedOn ?? line.existing.admittedOn, updatedAt: new Date() })
              .where(eq(members.id, line.existing.id));
            continue;
          }
          const number = line.number ?? (await nextNumber(tx));
          const [created] = await tx.db
            .insert(members)
            .values({
              ...columns,
              admittedOn: columns.admittedOn ?? today,
              number,
              status: line.status,
              statusSource: line.status === "suspenso" || line.status === "desligado" ? "manual" : "automatic",
              lastPeriod: periodBeforeNext(today, memberPlan),
              verificationCode: randomBytes(16).toString("base64url"),
            })
            .returning({ id: members.id });
          if (created)
            await tx.db.insert(memberStatusChanges).values({
              memberId: created.id,
              toStatus: line.status,
              reason: "Importado da planilha.",
              actorId: admin.id,
              actorName: admin.name,
            });
        }
        // Numbers given by the file move the register's next one past them.
        await tx.db
          .update(memberRegister)
          .set({
            nextNumber: sql`greatest(${memberRegister.nextNumber}, (select coalesce(max(${members.number}), 0) + 1 from ${members}))`,
            updatedAt: new Date(),
          })
          .where(eq(memberRegister.id, 1));
        const counts = report(planned).counts;
        await tx.services.audit.record({
          actor: admin,
          action: "member.imported",
          recordLabel: "Associados (planilha)",
          details: {
            "Associados cadastrados": counts.create,
            "Associados alterados": counts.update,
            "Linhas sem mudança": counts.unchanged,
            "Linhas com erro": counts.error,
          },
        });
      });
      return report(planned);
    },
  };
}
