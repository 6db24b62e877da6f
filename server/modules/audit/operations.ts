import { listQuerySchema } from "../../../common/pagination.ts";
import { auditListQuerySchema } from "../../../common/schemas/audit.ts";
import { auditEntryListSchema } from "../../../common/views/audit.ts";
import { z } from "../../../common/zod.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const audit = areaOperations({ tag: "audit", path: "/api/audit", access: "admin" });
const superOnly = { status: 403, description: "Not a super user: the audit log is theirs alone" };

export const auditOperations: Operation[] = [
  audit.get({
    summary:
      "The audit log, newest first (super users only): filtered by person, action, record (kind and id) and São Paulo days",
    query: [listQuerySchema, auditListQuerySchema],
    success: { status: 200, description: "A page of entries", schema: output("AuditEntryList", auditEntryListSchema) },
    refusals: [superOnly],
  }),
  audit.get({
    path: "/export.csv",
    summary:
      "The filtered entries as CSV for a Brazilian spreadsheet (; separated, UTF-8 with BOM; the newest 100 000 at most); the export is itself logged",
    query: [auditListQuerySchema],
    success: {
      status: 200,
      description: "An attachment: auditoria.csv",
      text: ["text/csv"],
      schema: output("AuditCsv", z.string().meta({ description: "The entries, one per line, ; separated." })),
    },
    refusals: [superOnly],
  }),
];
