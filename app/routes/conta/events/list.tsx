import { formatDateTime } from "../../../../common/format-date.ts";
import { eventListQuerySchema } from "../../../../common/schemas/content.ts";
import {
  ContentList,
  type ContentRow,
  sortFilter,
  statusFilter,
  tagFilter,
} from "../../../components/conta/content-list.tsx";
import { type ListFilter, readListQuery } from "../../../components/conta/list-toolbar.tsx";
import { redirectPastLastPage } from "../../../components/conta/pagination-bar.tsx";
import { readSubmission } from "../../../lib/action.server.ts";
import { featureTitle } from "../../../lib/feature-title.server.ts";
import { requireAdminPage } from "../../../lib/guards.server.ts";
import { deleteFromList } from "../../../lib/record-action.server.ts";
import type { Route } from "./+types/list";

export const EVENT_DELETED = "Evento excluído.";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services, actor } = requireAdminPage(context);
  const query = readListQuery(url, eventListQuerySchema.shape);
  const [events, tags, heading] = await Promise.all([
    services.events.list(actor, query),
    services.events.tags(actor),
    featureTitle(services, "events"),
  ]);
  redirectPastLastPage(url, events.pagination, events.data.length);
  const rows: ContentRow[] = events.data.map((event) => ({
    id: event.id,
    title: event.title,
    slug: event.slug,
    status: event.status,
    url: event.url,
    date: formatDateTime(event.start_at),
  }));
  return {
    events: { data: rows, pagination: events.pagination },
    tags,
    heading,
    filtered: query.q !== "" || query.status !== undefined || query.tag !== undefined || query.when !== undefined,
  };
}

export async function action({ context, request, url }: Route.ActionArgs) {
  const { services, actor } = requireAdminPage(context);
  return deleteFromList({
    submitted: await readSubmission(request),
    url,
    remove: (id) => services.events.remove(actor, id),
    message: EVENT_DELETED,
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.heading ?? "Agenda" }];
}

const whenFilter: ListFilter = {
  name: "when",
  label: "Quando",
  options: [
    { value: "", label: "Todos os eventos" },
    { value: "upcoming", label: "Próximos" },
    { value: "past", label: "Encerrados" },
  ],
};

// The default order is the agenda's: upcoming events soonest first, then past ones.
const sort = sortFilter({ desc: "Próximos primeiro", asc: "Mais antigos primeiro" });

export default function EventsList({ loaderData }: Route.ComponentProps) {
  const { events, tags, filtered, heading } = loaderData;
  return (
    <ContentList
      heading={heading}
      noun={["evento", "eventos"]}
      newLabel="Novo evento"
      base="/conta/events"
      dateHeading="Início"
      searchLabel="Buscar eventos"
      filters={[whenFilter, statusFilter, tagFilter(tags), sort]}
      filtered={filtered}
      list={events}
      empty={{
        title: "Nenhum evento cadastrado",
        filteredTitle: "Nenhum evento encontrado",
        description: "Crie o primeiro com o botão Novo evento.",
      }}
      deleteTitle="Excluir evento"
      deleteText={(event: ContentRow) => <>O evento “{event.title}” será excluído.</>}
    />
  );
}
