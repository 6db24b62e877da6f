import { Alert, Anchor, Button, Group, Input, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconEye, IconFileImport } from "@tabler/icons-react";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { importSchema, MAX_IMPORT_BYTES } from "../../../../common/schemas/media.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { formatFileSize } from "../../../components/conta/documents-field.tsx";
import {
  ImportPreviewTable,
  importedMessage,
  importLabel,
  previewRows,
  summaryText,
} from "../../../components/library/import-preview.tsx";
import { MEDIA_LIST } from "../../../components/library/media-form.tsx";
import { failure, failureFrom, validate } from "../../../lib/action.server.ts";
import { featureTitle } from "../../../lib/feature-title.server.ts";
import { flashHeader } from "../../../lib/flash.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/import";

export const IMPORT_TOO_BIG = `O arquivo é grande demais: o limite é ${formatFileSize(MAX_IMPORT_BYTES)}.`;
export const IMPORT_NO_FILE = "Escolha um arquivo BibTeX (.bib) ou RIS (.ris).";

// Room for the multipart envelope and the other fields around the file's text.
const ENVELOPE_BYTES = 64 * 1024;

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireAdminPage(context);
  return { library: await featureTitle(services, "medias") };
}

/**
 * Two steps on one page, both plain multipart posts (they work without JavaScript): `preview` reads the
 * uploaded file and shows what would happen; `commit` sends the same text back from a hidden field and
 * imports the new entries in one go.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_IMPORT_BYTES + ENVELOPE_BYTES) {
    return failure(413, IMPORT_TOO_BIG, { file: [IMPORT_TOO_BIG] });
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "preview") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return failure(400, IMPORT_NO_FILE, { file: [IMPORT_NO_FILE] });
    if (file.size > MAX_IMPORT_BYTES) return failure(413, IMPORT_TOO_BIG, { file: [IMPORT_TOO_BIG] });
    const text = await file.text();
    try {
      const summary = await services.mediaImport.preview(actor, text);
      const { entries, ...counts } = summary;
      return { ok: true as const, fileName: file.name, text, counts, preview: previewRows(entries) };
    } catch (error) {
      return failureFrom(error);
    }
  }
  if (intent === "commit") {
    const format = form.get("format");
    const checked = validate(importSchema, { text: form.get("text"), format: format || undefined });
    if (!checked.ok) return checked.response;
    if (new TextEncoder().encode(checked.data.text).length > MAX_IMPORT_BYTES) return failure(413, IMPORT_TOO_BIG);
    try {
      const result = await services.mediaImport.commit(actor, checked.data.text, checked.data.format);
      return redirect(MEDIA_LIST, {
        headers: { "Set-Cookie": await flashHeader("success", importedMessage(result.created)) },
      });
    } catch (error) {
      return failureFrom(error);
    }
  }
  return failure(400, "Ação desconhecida.");
}

export function meta() {
  return [{ title: "Importar referências" }];
}

export default function ImportMedias({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const preview = answer?.ok ? answer : null;
  const problem = answer && !answer.ok ? answer : null;

  return (
    <Stack>
      <Anchor component={AppLink} to={MEDIA_LIST} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {loaderData.library}
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
              error={problem?.errors.file?.join(" ")}
              required
              style={{ flex: "1 1 280px" }}
            >
              <Input
                id="import-file"
                type="file"
                name="file"
                accept=".bib,.ris,.txt"
                required
                error={Boolean(problem?.errors.file)}
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
          {problem.message}
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
