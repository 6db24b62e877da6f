import { Badge, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatTaxId } from "../../../common/brazil/tax-id.ts";
import type { MemberImportReport } from "../../../common/views/members.ts";
import { type RecordColumn, RecordTable } from "./record-table.tsx";

type ImportAction = MemberImportReport["lines"][number]["action"];
type ImportLine = MemberImportReport["lines"][number];
type ImportCounts = MemberImportReport["counts"];

/** A big file still gives a usable page: its errors first, then the other lines, up to this many rows. */
export const SHOWN_IMPORT_LINES = 1000;

/** The report as the page shows it: every count, and the lines it has room for. */
export type ShownImportReport = {
  counts: ImportCounts;
  lines: ImportLine[];
  /** Lines of the file left out of `lines`. */
  more: number;
};

/** The rows the table shows (the errors first, each group in the file's order); the rest are only counted. */
export function shownImportReport(report: MemberImportReport, limit = SHOWN_IMPORT_LINES): ShownImportReport {
  const errors = report.lines.filter((line) => line.action === "error");
  const others = report.lines.filter((line) => line.action !== "error");
  const lines = [...errors, ...others].slice(0, limit);
  return { counts: report.counts, lines, more: report.lines.length - lines.length };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "1 novo, 2 alterados, 3 sem mudança, 1 com erro". */
export const previewSummary = (counts: ImportCounts) =>
  [
    plural(counts.create, "novo", "novos"),
    plural(counts.update, "alterado", "alterados"),
    `${counts.unchanged} sem mudança`,
    `${counts.error} com erro`,
  ].join(", ");

/** "1 associado cadastrado e 2 alterados. 1 linha com erro ficou de fora." */
export function importedSummary(counts: ImportCounts): string {
  const done = `${plural(counts.create, "associado cadastrado", "associados cadastrados")} e ${plural(counts.update, "alterado", "alterados")}.`;
  if (counts.error === 0) return done;
  return `${done} ${plural(counts.error, "linha com erro ficou", "linhas com erro ficaram")} de fora.`;
}

const countLabels: [keyof ImportCounts, string][] = [
  ["create", "Novos"],
  ["update", "Alterados"],
  ["unchanged", "Sem mudança"],
  ["error", "Com erro"],
];

/** The four counts, each under its name. */
export function ImportCountList({ counts }: { counts: ImportCounts }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0}>
      {countLabels.map(([action, label]) => (
        <div key={action}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={700} size="xl" data-testid={`import-count-${action}`}>
            {counts[action]}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** What a line will get (the preview) or got (the import). */
const actionLabels: Record<"preview" | "imported", Record<ImportAction, string>> = {
  preview: { create: "Novo", update: "Alterado", unchanged: "Sem mudança", error: "Erro" },
  imported: { create: "Cadastrado", update: "Alterado", unchanged: "Sem mudança", error: "Não importado" },
};
const actionColors: Record<ImportAction, string> = {
  create: "success",
  update: "primary",
  unchanged: "gray",
  error: "danger",
};

/** A line's CPF or CNPJ as Brazilians write it, or as the file has it when it is neither. */
const taxIdText = (taxId: string) => (/^(\d{11}|\d{14})$/.test(taxId) ? formatTaxId(taxId) : taxId);

function lineColumns(step: "preview" | "imported"): RecordColumn<ImportLine>[] {
  return [
    { heading: "Linha", cell: (line) => line.line, cellProps: { style: { whiteSpace: "nowrap" } } },
    {
      heading: "Nome",
      cell: (line) =>
        line.name || (
          <Text span c="dimmed" size="sm">
            (sem nome)
          </Text>
        ),
      cellProps: { style: { overflowWrap: "anywhere" } },
    },
    { heading: "CPF/CNPJ", cell: (line) => taxIdText(line.tax_id), cellProps: { style: { whiteSpace: "nowrap" } } },
    {
      heading: step === "preview" ? "O que acontece" : "O que foi feito",
      cell: (line) => (
        <Badge color={actionColors[line.action]} variant="light" miw="max-content">
          {actionLabels[step][line.action]}
        </Badge>
      ),
    },
    {
      heading: "Erros",
      cell: (line) => (
        <Stack gap={2}>
          {line.errors.map((error) => (
            <Text key={error} size="sm" style={{ overflowWrap: "anywhere" }}>
              {error}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];
}

/** The file's lines, each with what the import does with it and, for a line it leaves out, why. */
export function ImportLinesTable({ report, step }: { report: ShownImportReport; step: "preview" | "imported" }) {
  if (report.lines.length === 0)
    return <Text c="dimmed">A planilha não tem linhas de associados, só o cabeçalho.</Text>;
  return (
    <Stack gap="xs">
      <RecordTable
        rows={report.lines}
        rowKey={(line) => line.line}
        columns={lineColumns(step)}
        label="Linhas da planilha"
        minWidth={760}
        dense
      />
      {report.more > 0 ? (
        <Text size="sm" c="dimmed">
          e mais {plural(report.more, "linha", "linhas")}, contadas acima…
        </Text>
      ) : null}
    </Stack>
  );
}
