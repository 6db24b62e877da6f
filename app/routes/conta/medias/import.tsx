import { Alert, Anchor, Button, Group, Input, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconEye, IconFileImport } from "@tabler/icons-react";
import { Form, useActionData, useNavigation } from "react-router";
import { DomainError, invalid, tooLarge } from "../../../../common/errors.ts";
import { formatFileSize } from "../../../../common/file-size.ts";
import { parseInput } from "../../../../common/parse-input.ts";
import { decodeReferenceFile } from "../../../../common/reference-file.ts";
import { importSchema, MAX_IMPORT_BYTES } from "../../../../common/schemas/media.ts";
import { AppLink } from "../../../components/app-link.tsx";
import {
  ImportPreviewTable,
  importedMessage,
  importLabel,
  previewRows,
  summaryText,
} from "../../../components/medias/import-preview.tsx";
import { MEDIA_LIST } from "../../../components/medias/media-form.tsx";
import { featureTitle } from "../../../lib/feature-title.server.ts";
import { redirectWithFlash } from "../../../lib/flash.server.ts";
import { intentAction, refusedForm } from "../../../lib/form-action.server.ts";
import { isFormAnswer } from "../../../lib/form-answer.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/import";

const IMPORT_TOO_BIG = `O arquivo é grande demais: o limite é ${formatFileSize(MAX_IMPORT_BYTES)}.`;
const IMPORT_NO_FILE = "Escolha um arquivo BibTeX (.bib) ou RIS (.ris).";
const fileTooBig = () => new DomainError("too_large", IMPORT_TOO_BIG, { file: [IMPORT_TOO_BIG] });

// Room for the multipart envelope and the other fields around the file's text.
const ENVELOPE_BYTES = 64 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireAdmin(context);
  return { mediasTitle: await featureTitle(services, "medias") };
}

/**
 * Two steps on one page, both plain multipart posts (they work without JavaScript): `preview` reads the
 * uploaded file and shows what would happen; `commit` sends the same text back from a hidden field and
 * imports the new entries in one go.
 */
export function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdmin(context);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + ENVELOPE_BYTES) {
    return refusedForm(fileTooBig());
  }
  return intentAction(request, {
    preview: async (form) => {
      const file = form.get("file");
      if (!(file instanceof File) || file.size === 0) throw invalid(IMPORT_NO_FILE, { file: [IMPORT_NO_FILE] });
      if (file.size > MAX_IMPORT_BYTES) throw fileTooBig();
      // Read as the REST import reads it: a Windows-1252 file from an older reference manager keeps its accents.
      const text = decodeReferenceFile(await file.arrayBuffer());
      const { entries, ...counts } = await services.mediaImport.preview(actor, text);
      return { ok: true as const, fileName: file.name, text, counts, preview: previewRows(entries) };
    },
    // Read without the form kit's answer: a refusal must not send the file's text back to the page.
    commit: async (form) => {
      const { text, format } = parseInput(importSchema, {
        text: form.get("text") ?? undefined,
        format: form.get("format") || undefined,
      });
      if (new TextEncoder().encode(text).length > MAX_IMPORT_BYTES) throw tooLarge(IMPORT_TOO_BIG);
      const result = await services.mediaImport.commit(actor, text, format);
      return redirectWithFlash(MEDIA_LIST, importedMessage(result.created));
    },
  });
}

export function meta() {
  return [{ title: "Importar referências" }];
}

export default function ImportMedias({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const preview = answer && "ok" in answer ? answer : null;
  const problem = isFormAnswer(answer) ? answer.result.error : undefined;
  const fileError = problem?.file?.join(" ");

  return (
    <Stack>
      <Anchor component={AppLink} to={MEDIA_LIST} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {loaderData.mediasTitle}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        Importar referências
      </Title>
      <Text>
        Envie um arquivo exportado de um gerenciador de referências (Mendeley, Zotero, EndNote...) no formato BibTeX ou
        RIS. Antes de importar, você vê quais referências são novas, quais já existem na biblioteca e quais não puderam
        ser lidas.
      </Text>
      <Paper withBorder p="md">
        <Form method="post" encType="multipart/form-data" aria-label="Pré-visualizar importação">
          <input type="hidden" name="intent" value="preview" />
          <Group align="flex-end" gap="sm">
            <Input.Wrapper
              id="import-file"
              label="Arquivo BibTeX ou RIS"
              description={`Arquivos .bib, .ris ou .txt de até ${formatFileSize(MAX_IMPORT_BYTES)}.`}
              error={fileError}
              required
              style={{ flex: "1 1 280px" }}
            >
              <Input
                id="import-file"
                type="file"
                name="file"
                accept=".bib,.ris,.txt"
                required
                error={Boolean(fileError)}
                mt={4}
              />
            </Input.Wrapper>
            <Button
              type="submit"
              variant="light"
              leftSection={<IconEye size={16} aria-hidden />}
              loading={busy("preview")}
            >
              Pré-visualizar
            </Button>
          </Group>
        </Form>
      </Paper>
      {problem ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Nada foi importado"
          role="alert"
        >
          {problem[""]?.join(" ")}
        </Alert>
      ) : null}
      {preview ? (
        <Stack component="section" aria-labelledby="resultado-da-leitura">
          <Title order={2} size="h3" id="resultado-da-leitura">
            {preview.fileName ? `Pré-visualização de ${preview.fileName}` : "Pré-visualização"}
          </Title>
          <Text role="status" fw={600}>
            {summaryText(preview.counts)}
          </Text>
          {preview.counts.new > 0 ? (
            <Form method="post" encType="multipart/form-data" aria-label="Confirmar importação">
              <input type="hidden" name="intent" value="commit" />
              <input type="hidden" name="format" value={preview.counts.format} />
              <input type="hidden" name="text" value={preview.text} />
              <Group gap="sm">
                <Button type="submit" leftSection={<IconFileImport size={16} aria-hidden />} loading={busy("commit")}>
                  {importLabel(preview.counts.new)}
                </Button>
                <Text size="sm" c="dimmed">
                  Duplicados e inválidos ficam de fora.
                </Text>
              </Group>
            </Form>
          ) : (
            <Text c="dimmed">Nenhuma referência nova para importar.</Text>
          )}
          {preview.preview.rows.length > 0 ? <ImportPreviewTable preview={preview.preview} /> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
