import { Alert, Anchor, Button, Code, Group, Input, List, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconDownload, IconEye, IconFileImport } from "@tabler/icons-react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { invalid, tooLarge } from "../../../../common/errors.ts";
import { failureOf } from "../../../../common/failure.ts";
import { parseInput } from "../../../../common/parse-input.ts";
import { decodeReferenceFile } from "../../../../common/reference-file.ts";
import { MAX_MEMBER_IMPORT_CHARS, MEMBER_CSV_COLUMNS, memberImportSchema } from "../../../../common/schemas/members.ts";
import { AppLink } from "../../../components/app-link.tsx";
import {
  ImportCountList,
  ImportLinesTable,
  importedSummary,
  previewSummary,
  type ShownImportReport,
  shownImportReport,
} from "../../../components/conta/member-import-report.tsx";
import { MEMBERS_EXPORT, MEMBERS_LIST } from "../../../components/conta/member-paths.ts";
import { readForm } from "../../../lib/form-action.server.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/import";

const PREVIEW_INTENT = "preview";
const IMPORT_INTENT = "import";
const TOO_BIG = "A planilha passa de 10 MB: divida-a em partes.";
const NO_SPREADSHEET = "Escolha o arquivo CSV da planilha ou cole o conteúdo dela.";
// The text comes as a file or pasted (where an accent takes two bytes), with room for the multipart envelope.
const MAX_REQUEST_BYTES = 2 * MAX_MEMBER_IMPORT_CHARS + 64 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  const plans = await services.members.listPlans(actor);
  return { planNames: plans.data.map((plan) => plan.name) };
}

const textOf = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The spreadsheet's text: the file chosen, else what was pasted. */
async function spreadsheetOf(form: FormData, pasted: string): Promise<{ text: string; fileName: string }> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_MEMBER_IMPORT_CHARS) throw tooLarge(TOO_BIG);
    // Excel in Portuguese saves a CSV as Windows-1252 unless told UTF-8: read as the references' import reads its files.
    return { text: decodeReferenceFile(await file.arrayBuffer()), fileName: file.name };
  }
  if (pasted.trim() === "") throw invalid(NO_SPREADSHEET, { file: [NO_SPREADSHEET] });
  return { text: pasted, fileName: "" };
}

/**
 * Two steps on one page, both plain multipart posts (they work without JavaScript): "Conferir" reads the file
 * chosen or the text pasted and shows what importing it would do, line by line; "Importar" sends the same text
 * back from a hidden field and imports its lines without errors. A refusal keeps what was pasted, never the
 * file's text.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  let intent = PREVIEW_INTENT;
  let pasted = "";
  try {
    if (Number(request.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) throw tooLarge(TOO_BIG);
    const form = await readForm(request);
    intent = textOf(form.get("intent"));
    if (intent === IMPORT_INTENT) {
      const { csv } = parseInput(memberImportSchema, { csv: form.get("csv") ?? undefined });
      const report = await services.members.importMembers(actor, csv);
      return { step: "imported" as const, report: shownImportReport(report) };
    }
    if (intent !== PREVIEW_INTENT) throw invalid("Ação desconhecida.");
    pasted = textOf(form.get("pasted"));
    const { text, fileName } = await spreadsheetOf(form, pasted);
    const { csv } = parseInput(memberImportSchema, { csv: text });
    const report = await services.members.previewImport(actor, csv);
    return { step: "preview" as const, csv, fileName, report: shownImportReport(report) };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const fieldMessages = Object.values(failure.body.errors ?? {}).flat();
    const message = fieldMessages.length > 0 ? fieldMessages.join(" ") : failure.body.message;
    return data(
      { step: "refused" as const, importing: intent === IMPORT_INTENT, message, pasted },
      { status: failure.status },
    );
  }
}

export function meta() {
  return [{ title: "Importar associados" }];
}

/** The columns the file needs and how each is read. */
function Instructions({ planNames }: { planNames: string[] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Como deve ser a planilha
        </Title>
        <Text size="sm">
          A planilha é a mesma da exportação do cadastro: baixe-a em <strong>Exportar CSV</strong> e use-a como modelo.
          A primeira linha é o cabeçalho, com estas colunas, separadas por ponto e vírgula (como o Excel salva) ou por
          vírgula:
        </Text>
        <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {MEMBER_CSV_COLUMNS.join(";")}
        </Code>
        <List size="sm" spacing={4}>
          <List.Item>
            Cada linha é conferida pelo CPF ou CNPJ: um que já está no cadastro altera esse associado; um novo cadastra
            um associado.
          </List.Item>
          <List.Item>
            Número: o de um associado novo; vazio, ele recebe o próximo número. Situação: Ativo, Em atraso, Suspenso ou
            Desligado (vazia, Ativo). O número e a situação de quem já está no cadastro mudam na página dele.
          </List.Item>
          <List.Item>Tipo: Pessoa ou Organização; vazio, o tamanho do CPF ou CNPJ diz qual é.</List.Item>
          <List.Item>
            Plano: o nome de um dos planos cadastrados
            {planNames.length > 0 ? ` (${planNames.join(", ")})` : " (nenhum ainda: cadastre um em Planos)"}.
          </List.Item>
          <List.Item>
            Datas de nascimento ou fundação e de admissão como dd/mm/aaaa; sem admissão, vale o dia da importação.
          </List.Item>
          <List.Item>Importar o mesmo arquivo de novo não muda nada.</List.Item>
        </List>
        <Button
          component="a"
          href={MEMBERS_EXPORT}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          w="fit-content"
        >
          Exportar CSV
        </Button>
      </Stack>
    </Paper>
  );
}

function Preview({
  csv,
  fileName,
  report,
  importing,
}: {
  csv: string;
  fileName: string;
  report: ShownImportReport;
  importing: boolean;
}) {
  const { counts } = report;
  const changes = counts.create + counts.update;
  return (
    <Stack component="section" aria-labelledby="import-preview-title">
      <Title order={2} size="h3" id="import-preview-title" style={{ overflowWrap: "anywhere" }}>
        {fileName ? `Conferência de ${fileName}` : "Conferência da planilha"}
      </Title>
      <Text role="status" fw={600}>
        {previewSummary(counts)}
      </Text>
      <ImportCountList counts={counts} />
      {changes > 0 ? (
        <Form method="post" encType="multipart/form-data" aria-label="Importar planilha">
          <input type="hidden" name="intent" value={IMPORT_INTENT} />
          <input type="hidden" name="csv" value={csv} />
          <Group gap="sm">
            <Button type="submit" leftSection={<IconFileImport size={16} aria-hidden />} loading={importing}>
              Importar
            </Button>
            {counts.error > 0 ? (
              <Text size="sm" c="dimmed">
                As linhas com erro ficam de fora.
              </Text>
            ) : null}
          </Group>
        </Form>
      ) : (
        <Text c="dimmed">Nada a importar: nenhuma linha traz um associado novo ou alterado.</Text>
      )}
      <ImportLinesTable report={report} step="preview" />
    </Stack>
  );
}

function Imported({ report }: { report: ShownImportReport }) {
  return (
    <Stack component="section" aria-labelledby="import-done-title">
      <Title order={2} size="h3" id="import-done-title">
        Importação concluída
      </Title>
      <Text role="status" fw={600}>
        {importedSummary(report.counts)}
      </Text>
      <ImportCountList counts={report.counts} />
      <Button component={AppLink} to={MEMBERS_LIST} w="fit-content">
        Ver os associados
      </Button>
      <ImportLinesTable report={report} step="imported" />
    </Stack>
  );
}

export default function ImportMembers({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const refused = answer?.step === "refused" ? answer : null;
  return (
    <Stack>
      <Anchor component={AppLink} to={MEMBERS_LIST} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Associados
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        Importar associados
      </Title>
      <Text>
        Envie a planilha do cadastro (CSV) ou cole o conteúdo dela. Antes de importar, você confere linha por linha o
        que será feito: associados novos, alterados, sem mudança e as linhas com erro, que ficam de fora.
      </Text>
      <Instructions planNames={loaderData.planNames} />
      <Paper withBorder p="md">
        <Form method="post" encType="multipart/form-data" aria-label="Conferir planilha">
          <input type="hidden" name="intent" value={PREVIEW_INTENT} />
          <Stack gap="sm">
            <Input.Wrapper
              id="member-import-file"
              label="Arquivo CSV"
              description="Um arquivo .csv de até 10 MB, salvo pelo Excel, LibreOffice ou Google Planilhas."
            >
              <Input id="member-import-file" type="file" name="file" accept=".csv,text/csv" mt={4} />
            </Input.Wrapper>
            <Textarea
              name="pasted"
              label="Ou cole aqui o conteúdo da planilha"
              description="Com a linha do cabeçalho. Um arquivo escolhido acima vale no lugar do texto."
              defaultValue={refused?.pasted ?? ""}
              minRows={5}
              autosize
              maxRows={14}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            />
            <Button
              type="submit"
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={busy(PREVIEW_INTENT)}
              w="fit-content"
            >
              Conferir
            </Button>
          </Stack>
        </Form>
      </Paper>
      {refused ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={refused.importing ? "Nada foi importado" : "A planilha não foi conferida"}
          role="alert"
        >
          {refused.message}
        </Alert>
      ) : null}
      {answer?.step === "preview" ? (
        <Preview csv={answer.csv} fileName={answer.fileName} report={answer.report} importing={busy(IMPORT_INTENT)} />
      ) : null}
      {answer?.step === "imported" ? <Imported report={answer.report} /> : null}
    </Stack>
  );
}
