import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { mediaTypeLabels } from "../../../common/media.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import type { ImportEntry, ImportEntryStatus, ImportSummary } from "../../../common/views/medias.ts";
import { AppLink } from "../app-link.tsx";
import { type RecordColumn, RecordTable } from "../conta/record-table.tsx";
import { formatNames, LISTED_AUTHORS } from "./media-format.ts";

/** A big file still gives a usable page: every problem first (up to a limit), then some of the new entries. */
export const PREVIEW_LIMITS = { problems: 1000, new: 500 } as const;

export type PreviewRows = {
  /** Invalid entries, then duplicates, then new ones, each group in file order. */
  rows: ImportEntry[];
  /** Entries of each kind left out of `rows`. */
  more: { problems: number; new: number };
};

const order: Record<ImportEntryStatus, number> = { invalid: 0, duplicate: 1, new: 2 };

/** The rows the preview table shows; the rest are only counted. */
export function previewRows(entries: ImportEntry[], limits = PREVIEW_LIMITS): PreviewRows {
  const sorted = [...entries].sort((a, b) => order[a.status] - order[b.status] || a.index - b.index);
  const problems = sorted.filter((entry) => entry.status !== "new");
  const fresh = sorted.filter((entry) => entry.status === "new");
  return {
    rows: [...problems.slice(0, limits.problems), ...fresh.slice(0, limits.new)],
    more: {
      problems: Math.max(0, problems.length - limits.problems),
      new: Math.max(0, fresh.length - limits.new),
    },
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 novos, 1 duplicado, 0 inválidos". */
export const summaryText = (summary: Pick<ImportSummary, "new" | "duplicates" | "invalid">) =>
  [
    plural(summary.new, "novo", "novos"),
    plural(summary.duplicates, "duplicado", "duplicados"),
    plural(summary.invalid, "inválido", "inválidos"),
  ].join(", ");

/** "Importar 1 item" / "Importar 12 itens". */
export const importLabel = (count: number) => `Importar ${plural(count, "item", "itens")}`;

/** The flash after a committed import. */
export const importedMessage = (count: number) => (count === 1 ? "1 item importado." : `${count} itens importados.`);

const statusBadges: Record<ImportEntryStatus, { label: string; color: string }> = {
  new: { label: "Novo", color: "success" },
  duplicate: { label: "Duplicado", color: "warning" },
  invalid: { label: "Inválido", color: "danger" },
};

function Reason({ entry }: { entry: ImportEntry }) {
  if (!entry.reason && entry.duplicate_of === null) return null;
  return (
    <Stack gap={2}>
      {entry.reason ? <Text size="sm">{entry.reason}</Text> : null}
      {entry.duplicate_of !== null ? (
        <Anchor component={AppLink} to={accountPaths.edit("medias", entry.duplicate_of)} size="sm">
          Ver o item existente
        </Anchor>
      ) : null}
    </Stack>
  );
}

const entryColumns: RecordColumn<ImportEntry>[] = [
  { heading: "Posição", cell: (entry) => entry.index },
  {
    heading: "Título",
    cell: (entry) => (
      <>
        {entry.title || (
          <Text span c="dimmed" size="sm">
            (sem título)
          </Text>
        )}
        {entry.key ? (
          <Text size="xs" c="dimmed">
            {entry.key}
          </Text>
        ) : null}
      </>
    ),
    cellProps: { style: { overflowWrap: "anywhere" } },
  },
  { heading: "Autores", cell: (entry) => formatNames(entry.authors, LISTED_AUTHORS) },
  { heading: "Ano", cell: (entry) => entry.year ?? "" },
  { heading: "Tipo", cell: (entry) => (entry.type ? mediaTypeLabels[entry.type] : "") },
  {
    heading: "Situação",
    cell: (entry) => (
      <Badge color={statusBadges[entry.status].color} variant="light" miw="max-content">
        {statusBadges[entry.status].label}
      </Badge>
    ),
  },
  { heading: "Observação", cell: (entry) => <Reason entry={entry} /> },
];

/** The table of the entries a file holds, each with what the import will do with it. */
export function ImportPreviewTable({ preview }: { preview: PreviewRows }) {
  return (
    <Stack gap="xs">
      <RecordTable
        rows={preview.rows}
        rowKey={(entry) => entry.index}
        columns={entryColumns}
        label="Referências do arquivo"
        minWidth={760}
        dense
      />
      {preview.more.problems > 0 ? (
        <Text size="sm" c="dimmed">
          e mais {plural(preview.more.problems, "entrada duplicada ou inválida", "entradas duplicadas ou inválidas")}…
        </Text>
      ) : null}
      {preview.more.new > 0 ? (
        <Text size="sm" c="dimmed">
          e mais {plural(preview.more.new, "item novo", "itens novos")}…
        </Text>
      ) : null}
    </Stack>
  );
}
