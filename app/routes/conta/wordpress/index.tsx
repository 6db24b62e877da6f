import { Alert, Anchor, Button, Group, Input, Paper, Radio, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconEye } from "@tabler/icons-react";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { formatFileSize } from "../../../../common/file-size.ts";
import {
  WORDPRESS_SPREADSHEET_MAX_BYTES,
  WORDPRESS_WEB_EXPORT_MAX_BYTES,
  wordpressFileOriginLabels,
  wordpressFileOrigins,
  wordpressImportStatusLabels,
} from "../../../../common/schemas/wordpress-import.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { StackedCell, StackedTable } from "../../../components/conta/record-table.tsx";
import { refusedForm } from "../../../lib/form-action.server.ts";
import { isFormAnswer } from "../../../lib/form-answer.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/index";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  return { imports: await services.wordpress.list(actor) };
}

/**
 * Sends the export and spreadsheets (a plain multipart post: it works without JavaScript), streamed
 * to disk rather than read into memory, and goes to the import's own page, where its preview waits
 * for the go-ahead.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { services, flows, actor } = requireAdmin(context);
  try {
    const previewed = await flows.previewWordPressUpload(services, actor, request);
    return redirect(accountPaths.wordpressImport(previewed.id));
  } catch (error) {
    return refusedForm(error);
  }
}

export function meta() {
  return [{ title: "Importar do WordPress" }];
}

function FileInput({
  name,
  label,
  description,
  accept,
  error,
}: {
  name: string;
  label: string;
  description: string;
  accept: string;
  error?: string;
}) {
  const id = `wordpress-${name}`;
  return (
    <Input.Wrapper id={id} label={label} description={description} error={error}>
      <Input id={id} type="file" name={name} accept={accept} error={Boolean(error)} mt={4} />
    </Input.Wrapper>
  );
}

export default function WordPressImports({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const problem = isFormAnswer(answer) ? answer.result.error : undefined;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "preview";

  return (
    <Stack>
      <Title order={1} size="h2">
        Importar do WordPress
      </Title>
      <Text>
        Traga o site antigo de uma vez: páginas, notícias, menus, imagens, eventos do The Events Calendar, produtos e
        clientes do WooCommerce. Os endereços antigos continuam funcionando (levam às novas páginas). Primeiro você vê
        uma prévia; nada é gravado antes de você confirmar. Importar de novo atualiza o que mudou, sem duplicar.
      </Text>
      <Paper withBorder p="md">
        <Form method="post" encType="multipart/form-data" aria-label="Enviar arquivos do WordPress">
          <input type="hidden" name="intent" value="preview" />
          <Stack gap="md">
            <FileInput
              name="export"
              label="Exportação do WordPress (.xml)"
              description={`No WordPress: Ferramentas → Exportar → Todo o conteúdo. Até ${formatFileSize(WORDPRESS_WEB_EXPORT_MAX_BYTES)}.`}
              accept=".xml,text/xml,application/xml"
              error={problem?.export?.join(" ")}
            />
            <FileInput
              name="products"
              label="Planilha de produtos do WooCommerce (.csv), opcional"
              description={`Produtos → Exportar, em português ou inglês. Até ${formatFileSize(WORDPRESS_SPREADSHEET_MAX_BYTES)}.`}
              accept=".csv,text/csv"
              error={problem?.products?.join(" ")}
            />
            <FileInput
              name="customers"
              label="Planilha de clientes (.csv), opcional"
              description="Cada cliente ganha uma conta sem senha e a cria em “Esqueci minha senha”. Nenhum e-mail é enviado."
              accept=".csv,text/csv"
              error={problem?.customers?.join(" ")}
            />
            {/* Plain radios, not Mantine's Radio.Group: its own state would undo a choice made before hydration. */}
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={500}>
                Imagens e anexos
              </Text>
              <Stack gap={6} mt={6}>
                {wordpressFileOrigins
                  .filter((origin) => origin !== "zip")
                  .map((origin) => (
                    <Radio
                      key={origin}
                      name="files"
                      value={origin}
                      defaultChecked={origin === "site"}
                      label={wordpressFileOriginLabels[origin]}
                    />
                  ))}
              </Stack>
              {problem?.files ? (
                <Text c="danger" size="sm" mt={4}>
                  {problem.files.join(" ")}
                </Text>
              ) : null}
            </fieldset>
            <Text size="sm" c="dimmed">
              Site grande, ou o antigo já fora do ar? No servidor,{" "}
              <code>npm run import:wordpress -- exportacao.xml --files pasta-ou-arquivo.zip</code> lê os arquivos de uma
              cópia da pasta wp-content/uploads.
            </Text>
            <Group>
              <Button type="submit" leftSection={<IconEye size={16} aria-hidden />} loading={sending}>
                Ver prévia
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      {problem?.[""]?.length ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Nada foi importado"
          role="alert"
        >
          {problem[""].join(" ")}
        </Alert>
      ) : null}
      {loaderData.imports.length > 0 ? (
        <Stack component="section" aria-labelledby="importacoes-anteriores" gap="xs">
          <Title order={2} size="h3" id="importacoes-anteriores">
            Importações
          </Title>
          <StackedTable minWidth={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Enviada em</Table.Th>
                <Table.Th>Arquivos</Table.Th>
                <Table.Th>Situação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {loaderData.imports.map((item) => (
                <Table.Tr key={item.id}>
                  <StackedCell label="Enviada em">
                    <Anchor component={AppLink} to={accountPaths.wordpressImport(item.id)}>
                      {formatDateTime(item.created_at)}
                    </Anchor>
                  </StackedCell>
                  <StackedCell label="Arquivos">{item.file_names.join(", ")}</StackedCell>
                  <StackedCell label="Situação">
                    {item.stalled ? "Parada" : wordpressImportStatusLabels[item.status]}
                  </StackedCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Stack>
      ) : null}
    </Stack>
  );
}
