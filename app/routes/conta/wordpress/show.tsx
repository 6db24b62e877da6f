import { Alert, Anchor, Button, Group, List, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft, IconFileImport, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useEffect } from "react";
import { Form, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { formatDateTime } from "../../../../common/dates/format.ts";
import { wordpressImportStatusLabels } from "../../../../common/schemas/wordpress-import.ts";
import { accountPaths } from "../../../../common/site-paths.ts";
import { importKindLabels, importKinds, type WordPressImportView } from "../../../../common/views/wordpress-import.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { StackedCell, StackedTable } from "../../../components/conta/record-table.tsx";
import { intentAction } from "../../../lib/form-action.server.ts";
import { isFormAnswer } from "../../../lib/form-answer.ts";
import { requireAdmin } from "../../../lib/guards.server.ts";
import { idParam, loadOr404 } from "../../../lib/not-found.server.ts";
import type { Route } from "./+types/show";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = requireAdmin(context);
  return { item: await loadOr404(() => services.wordpress.get(actor, idParam(params))) };
}

export function action({ context, request, params }: Route.ActionArgs) {
  const { services, flows, actor } = requireAdmin(context);
  return intentAction(request, {
    start: async () => {
      const id = idParam(params);
      await flows.startWordPressImport(services, actor, id);
      return redirect(accountPaths.wordpressImport(id));
    },
  });
}

export function meta() {
  return [{ title: "Importação do WordPress" }];
}

const POLL_MS = 2000;

function Counts({ item }: { item: WordPressImportView }) {
  const { counts, result } = item.report;
  const kinds = importKinds.filter(
    (kind) => counts[kind] > 0 || (result && result.created[kind] + result.updated[kind] > 0),
  );
  if (kinds.length === 0) return <Text>Nada para importar nestes arquivos.</Text>;
  return (
    <StackedTable minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>O quê</Table.Th>
          <Table.Th>No arquivo</Table.Th>
          {result ? (
            <>
              <Table.Th>Novos</Table.Th>
              <Table.Th>Atualizados</Table.Th>
              <Table.Th>Sem mudança</Table.Th>
            </>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {kinds.map((kind) => (
          <Table.Tr key={kind}>
            <StackedCell label="O quê">{importKindLabels[kind]}</StackedCell>
            <StackedCell label="No arquivo">{counts[kind]}</StackedCell>
            {result ? (
              <>
                <StackedCell label="Novos">{result.created[kind]}</StackedCell>
                <StackedCell label="Atualizados">{result.updated[kind]}</StackedCell>
                <StackedCell label="Sem mudança">{result.unchanged[kind]}</StackedCell>
              </>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}

/** Which old page becomes the home ("/"): WordPress's static front page, unless the site has a home page. */
function FrontPage({ item }: { item: WordPressImportView }) {
  const front = item.report.front_page;
  if (!front) return null;
  if (!front.becomes_home) {
    return (
      <Text>
        A página inicial do site continua como está; a página “{front.title}”, a inicial do WordPress, entra como uma
        página comum.
      </Text>
    );
  }
  return (
    <Text>
      A página “{front.title}” do WordPress {item.status === "done" ? "passou a ser" : "será"} a página inicial do site
      (/).
    </Text>
  );
}

/** One list of the report, shown only when it has entries. */
function FindingSection<T>({
  id,
  title,
  intro,
  entries,
  keyOf,
  render,
}: {
  id: string;
  title: string;
  intro?: string;
  entries: readonly T[];
  keyOf: (entry: T) => string;
  render: (entry: T) => ReactNode;
}) {
  if (entries.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby={id} gap="xs">
      <Title order={2} size="h4" id={id}>
        {title} ({entries.length})
      </Title>
      {intro ? <Text size="sm">{intro}</Text> : null}
      <List size="sm">
        {entries.map((entry) => (
          <List.Item key={keyOf(entry)} style={{ overflowWrap: "anywhere" }}>
            {render(entry)}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function Findings({ item }: { item: WordPressImportView }) {
  const { skipped, renamed, left_out: leftOut, unknown_shortcodes: shortcodes, unfetched_files: files } = item.report;
  return (
    <>
      <FindingSection
        id="enderecos-trocados"
        title="Endereços trocados"
        intro="Estes endereços já estavam em uso aqui; os itens importados ganham outro:"
        entries={renamed}
        keyOf={(change) => `${change.kind}:${change.from}:${change.to}`}
        render={(change) =>
          `${change.title}: ${change.from} → ${change.to || "sem código (SKU já usado por outro produto)"}`
        }
      />
      <FindingSection
        id="nao-importados"
        title="Não importados"
        entries={skipped}
        keyOf={(entry) => `${entry.kind}:${entry.wp_id}`}
        render={(entry) => `${entry.title || `#${entry.wp_id}`}: ${entry.reason}`}
      />
      <FindingSection
        id="dados-deixados-em-branco"
        title="Dados fiscais deixados em branco"
        intro="Estes valores não passaram na conferência e ficaram em branco (vale o do produto ou o padrão da loja). Corrija-os no produto."
        entries={leftOut}
        keyOf={(entry) => `${entry.kind}:${entry.title}:${entry.field}:${entry.value}`}
        render={(entry) => `${entry.title}: ${entry.field} “${entry.value}” (${entry.reason})`}
      />
      <FindingSection
        id="shortcodes"
        title="Shortcodes de plugins"
        intro="Não há equivalente aqui: saem do texto. Revise as páginas que os usavam."
        entries={shortcodes}
        keyOf={(code) => code.name}
        render={(code) => `[${code.name}] em ${code.count} ${code.count === 1 ? "item" : "itens"}`}
      />
      <FindingSection
        id="arquivos-nao-lidos"
        title="Arquivos que não puderam ser lidos"
        entries={files}
        keyOf={(file) => file.url}
        render={(file) => `${file.url}: ${file.reason}`}
      />
    </>
  );
}

export default function WordPressImport({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const running = item.status === "running" && !item.stalled;
  const problem = isFormAnswer(answer) ? answer.result.error?.[""]?.join(" ") : undefined;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const percent = item.progress.total > 0 ? Math.round((100 * item.progress.done) / item.progress.total) : 0;
  const canStart = item.status === "previewed" || item.status === "failed" || item.stalled;
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "start";

  return (
    <Stack>
      <Anchor component={AppLink} to={accountPaths.wordpressImports} size="sm">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          Importar do WordPress
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {item.report.site.title ? `Importação de ${item.report.site.title}` : "Importação do WordPress"}
      </Title>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {item.file_names.join(", ")} · enviada em {formatDateTime(item.created_at)} ·{" "}
        {item.stalled ? "Parada" : wordpressImportStatusLabels[item.status]}
      </Text>
      {problem ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {problem}
        </Alert>
      ) : null}
      {item.status === "running" || item.status === "done" || item.status === "failed" ? (
        <Stack gap={6}>
          <Progress value={item.status === "done" ? 100 : percent} aria-label="Progresso da importação" size="lg" />
          <Text role="status" aria-live="polite">
            {item.status === "done"
              ? `Importação concluída em ${formatDateTime(item.finished_at ?? item.created_at)}.`
              : item.stalled
                ? "A importação parou de avançar (o servidor reiniciou?). Continue de onde parou."
                : `${item.progress.step || "Começando"}: ${item.progress.done} de ${item.progress.total}`}
          </Text>
          {running ? (
            <noscript>
              <Anchor href={accountPaths.wordpressImport(item.id)}>
                <IconRefresh size={14} aria-hidden /> Atualizar o progresso
              </Anchor>
            </noscript>
          ) : null}
        </Stack>
      ) : null}
      {item.error ? (
        <Alert
          color="danger"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="Importação interrompida"
          role="alert"
        >
          {item.error} O que já foi importado ficou; continuar não duplica nada.
        </Alert>
      ) : null}
      <Counts item={item} />
      <FrontPage item={item} />
      {canStart ? (
        <Form method="post">
          <input type="hidden" name="intent" value="start" />
          <Button type="submit" leftSection={<IconFileImport size={16} aria-hidden />} loading={starting}>
            {item.status === "previewed" ? "Importar agora" : "Continuar a importação"}
          </Button>
        </Form>
      ) : null}
      {item.status === "done" ? (
        <Group gap="md">
          <Anchor component={AppLink} to={accountPaths.area("pages")}>
            Ver as páginas
          </Anchor>
          <Anchor component={AppLink} to={accountPaths.area("posts")}>
            Ver as notícias
          </Anchor>
          <Anchor component={AppLink} to={accountPaths.area("produtos")}>
            Ver os produtos
          </Anchor>
          <Anchor component={AppLink} to={accountPaths.area("menus")}>
            Ver o menu
          </Anchor>
        </Group>
      ) : null}
      <Findings item={item} />
    </Stack>
  );
}
