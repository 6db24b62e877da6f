import { auditChangeText, auditDetailText } from "../../../common/audit.ts";
import { formatDateTime } from "../../../common/dates/format.ts";
import type { AuditEntryView } from "../../../common/views/audit.ts";
import { spreadsheetCsv } from "../../kernel/spreadsheet-csv.ts";

const HEADER = [
  "Quando",
  "Quem",
  "E-mail de quem",
  "Id de quem",
  "Endereço",
  "Ação",
  "Registro",
  "Id do registro",
  "Nome do registro",
  "Alterações",
  "Detalhes",
  "Requisição",
];

/** The audit log as a CSV for Brazilian spreadsheets (server/kernel/spreadsheet-csv.ts): one line per entry. */
export function auditCsv(entries: readonly AuditEntryView[]): string {
  return spreadsheetCsv(
    HEADER,
    entries.map((entry) => [
      formatDateTime(entry.at),
      entry.actor.kind === "system" ? `${entry.actor.name} (automático)` : entry.actor.name,
      entry.actor.email ?? "",
      entry.actor.id ?? "",
      entry.address ?? "",
      entry.action_label,
      entry.record.kind_label,
      entry.record.id ?? "",
      entry.record.label,
      // On one line: a spreadsheet reads a line break left unquoted as a new row.
      entry.changes.map(({ field, ...change }) => auditChangeText(field, change)).join(" | "),
      entry.details.map(({ field, value }) => auditDetailText(field, value)).join(" | "),
      entry.request_id ?? "",
    ]),
  );
}
