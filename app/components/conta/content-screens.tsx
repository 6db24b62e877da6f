import { useActionData } from "react-router";
import type { Paginated } from "../../../common/pagination.ts";
import type { ContentView, TagCount } from "../../../common/views/content.ts";
import {
  ContentForm,
  type ContentFormValues,
  type ContentKind,
  contentFormValues,
  contentKinds,
} from "./content-form.tsx";
import { ContentList, type ContentRow, sortFilter, statusFilter, tagFilter } from "./content-list.tsx";
import type { ListFilter } from "./list-toolbar.tsx";

const whenFilter: ListFilter = {
  name: "when",
  label: "Quando",
  options: [
    { value: "", label: "Todos os eventos" },
    { value: "upcoming", label: "Próximos" },
    { value: "past", label: "Encerrados" },
  ],
};

/** The texts of each kind's account screens (app/lib/content-editor-routes.server.ts holds their loaders and actions). */
const screens: Record<
  ContentKind,
  {
    newTitle: string;
    editTitle: string;
    /** The list's heading when the settings give none (pages are not a feature). */
    heading: string;
    noun: [singular: string, plural: string];
    dateHeading: string;
    searchLabel: string;
    /** Filters before status, tag and order. */
    filters: ListFilter[];
    sort: ListFilter;
    empty: { title: string; filteredTitle: string; description: string };
    deleteTitle: string;
    deleteText: (row: ContentRow) => React.ReactNode;
  }
> = {
  page: {
    newTitle: "Nova página",
    editTitle: "Editar página",
    heading: "Páginas",
    noun: ["página", "páginas"],
    dateHeading: "Atualizada em",
    searchLabel: "Buscar páginas",
    filters: [],
    sort: sortFilter({ desc: "Atualizadas recentemente", asc: "Atualizadas há mais tempo" }),
    empty: {
      title: "Nenhuma página cadastrada",
      filteredTitle: "Nenhuma página encontrada",
      description: "Crie a primeira com o botão Nova página.",
    },
    deleteTitle: "Excluir página",
    deleteText: (page) => (
      <>
        A página “{page.title}” será excluída. Os menus que levam a ela também serão excluídos e, se for a página
        inicial, o site volta a mostrar a página inicial padrão.
      </>
    ),
  },
  post: {
    newTitle: "Nova notícia",
    editTitle: "Editar notícia",
    heading: "Notícias",
    noun: ["notícia", "notícias"],
    dateHeading: "Publicação",
    searchLabel: "Buscar notícias",
    filters: [],
    sort: sortFilter({ desc: "Mais recentes primeiro", asc: "Mais antigas primeiro" }),
    empty: {
      title: "Nenhuma notícia cadastrada",
      filteredTitle: "Nenhuma notícia encontrada",
      description: "Crie a primeira com o botão Nova notícia.",
    },
    deleteTitle: "Excluir notícia",
    deleteText: (post) => <>A notícia “{post.title}” será excluída.</>,
  },
  event: {
    newTitle: "Novo evento",
    editTitle: "Editar evento",
    heading: "Agenda",
    noun: ["evento", "eventos"],
    dateHeading: "Início",
    searchLabel: "Buscar eventos",
    filters: [whenFilter],
    // The default order is the agenda's: upcoming events soonest first, then past ones.
    sort: sortFilter({ desc: "Próximos primeiro", asc: "Mais antigos primeiro" }),
    empty: {
      title: "Nenhum evento cadastrado",
      filteredTitle: "Nenhum evento encontrado",
      description: "Crie o primeiro com o botão Novo evento.",
    },
    deleteTitle: "Excluir evento",
    deleteText: (event) => <>O evento “{event.title}” será excluído.</>,
  },
};

export const newContentMeta = (kind: ContentKind) => [{ title: screens[kind].newTitle }];

export function editContentMeta(kind: ContentKind, data: { item: ContentView } | undefined) {
  const { editTitle } = screens[kind];
  return [{ title: data ? `${editTitle}: ${data.item.title}` : editTitle }];
}

export const contentListMeta = (kind: ContentKind, data: { heading: string | null } | undefined) => [
  { title: data?.heading ?? screens[kind].heading },
];

/** /conta/{kind}/new. */
export function NewContent(props: { kind: ContentKind; data: { tags: string[]; defaults: ContentFormValues } }) {
  return (
    <ContentForm
      kind={props.kind}
      title={screens[props.kind].newTitle}
      defaultValue={{ status: "draft", ...props.data.defaults }}
      tagSuggestions={props.data.tags}
      answer={useActionData()}
    />
  );
}

/** /conta/{kind}/:id/edit. */
export function EditContent(props: {
  kind: ContentKind;
  data: { item: Parameters<typeof contentFormValues>[0]; tags: string[] };
}) {
  const { item } = props.data;
  return (
    <ContentForm
      // Another item starts with a fresh form.
      key={item.id}
      kind={props.kind}
      title={screens[props.kind].editTitle}
      defaultValue={contentFormValues(item)}
      tagSuggestions={props.data.tags}
      saved={{ url: item.url, status: item.status }}
      answer={useActionData()}
    />
  );
}

/** /conta/{kind}: search, filters, pages and the delete button. */
export function ContentListScreen(props: {
  kind: ContentKind;
  data: { list: Paginated<ContentRow>; tags: TagCount[]; heading: string | null; filtered: boolean };
}) {
  const screen = screens[props.kind];
  return (
    <ContentList
      heading={props.data.heading ?? screen.heading}
      noun={screen.noun}
      newLabel={screen.newTitle}
      base={contentKinds[props.kind].list}
      dateHeading={screen.dateHeading}
      searchLabel={screen.searchLabel}
      filters={[...screen.filters, statusFilter, tagFilter(props.data.tags), screen.sort]}
      filtered={props.data.filtered}
      list={props.data.list}
      empty={screen.empty}
      deleteTitle={screen.deleteTitle}
      deleteText={screen.deleteText}
    />
  );
}
