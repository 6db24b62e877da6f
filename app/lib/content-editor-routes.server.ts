import type { RouterContextProvider } from "react-router";
import { formatDateTime } from "../../common/dates/format.ts";
import { toSaoPauloLocal } from "../../common/dates/local-input.ts";
import type { ListQuery, Paginated } from "../../common/pagination.ts";
import {
  type ContentListQuery,
  contentListQuerySchema,
  eventFormSchema,
  eventListQuerySchema,
  pageFormSchema,
  postFormSchema,
} from "../../common/schemas/content.ts";
import { accountPaths } from "../../common/site-paths.ts";
import type { ContentView, EventView, PostView, TagCount } from "../../common/views/content.ts";
import type { z } from "../../common/zod.ts";
import type { ContentFormValues } from "../components/conta/content-form.tsx";
import type { ContentRow } from "../components/conta/content-list.tsx";
import type { Services } from "./context.server.ts";
import { featureTitle } from "./feature-title.server.ts";
import { requireAdmin, type SignedInApp } from "./guards.server.ts";
import { readListQuery } from "./list-query.ts";
import { redirectPastLastPage } from "./page-links.ts";
import { listDeleteAction, recordEditor } from "./record-routes.server.ts";

type Actor = SignedInApp["actor"];

/** What the account screens use of a content service (server/modules/content/content-service.ts). */
type ContentService<View, Input, Query> = {
  list(actor: Actor, query: Query): Promise<Paginated<View>>;
  get(actor: Actor, idOrSlug: string): Promise<View>;
  tags(actor: Actor): Promise<TagCount[]>;
  create(actor: Actor, input: Input): Promise<unknown>;
  update(actor: Actor, id: number, input: Input): Promise<unknown>;
  remove(actor: Actor, id: number): Promise<void>;
};

/** What sets pages, news and events apart on their account screens. */
type ContentKindRoutes<S extends z.ZodType, View extends ContentView, Query> = {
  service(services: Services): ContentService<View, z.infer<S>, Query>;
  schema: S;
  list: string;
  created: string;
  saved: string;
  deleted: string;
  /** The list's search and filters, read from the address. */
  readQuery(url: URL): Query;
  /** The list's date column, on São Paulo's clock. */
  date(view: View): string;
  /** A published news item whose publication date is still ahead. */
  scheduled?(view: View, now: number): boolean;
  /** The feature whose title (from the settings) heads the list; pages have a fixed heading. */
  feature?: "posts" | "events";
  /** Values a new item's form starts with. */
  defaults?(): ContentFormValues;
};

/** The agenda's list also filters by `when` (upcoming, past). */
type ListFilters = ListQuery & ContentListQuery & { when?: string };

function contentRoutes<S extends z.ZodType, View extends ContentView, Query extends ListFilters>(
  kind: ContentKindRoutes<S, View, Query>,
) {
  const tagsOf = async ({ services, actor }: SignedInApp) =>
    (await kind.service(services).tags(actor)).map((tag) => tag.tag);
  return {
    ...recordEditor({
      service: (services) => {
        const service = kind.service(services);
        // Content is read by id or slug; its editors open it by id.
        return {
          get: (actor, id) => service.get(actor, String(id)),
          create: (actor, input) => service.create(actor, input),
          update: (actor, id, input) => service.update(actor, id, input),
        };
      },
      schema: kind.schema,
      list: kind.list,
      created: kind.created,
      saved: kind.saved,
      newData: async (app) => ({ tags: await tagsOf(app), defaults: kind.defaults?.() ?? {} }),
      editData: async (app) => ({ tags: await tagsOf(app) }),
    }),

    list: {
      loader: async ({ context, url }: { context: Readonly<RouterContextProvider>; url: URL }) => {
        const { services, actor } = requireAdmin(context);
        const service = kind.service(services);
        const query = kind.readQuery(url);
        const [found, tags, heading] = await Promise.all([
          service.list(actor, query),
          service.tags(actor),
          kind.feature ? featureTitle(services, kind.feature) : null,
        ]);
        redirectPastLastPage(url, found.pagination, found.data.length);
        const now = Date.now();
        const rows: ContentRow[] = found.data.map((view) => ({
          id: view.id,
          title: view.title,
          slug: view.slug,
          status: view.status,
          url: view.url,
          date: kind.date(view),
          scheduled: kind.scheduled?.(view, now),
        }));
        const filtered =
          query.q !== "" || query.status !== undefined || query.tag !== undefined || query.when !== undefined;
        return { list: { data: rows, pagination: found.pagination }, tags, heading, filtered };
      },

      action: listDeleteAction(({ services, actor }, id) => kind.service(services).remove(actor, id), kind.deleted),
    },
  };
}

/** The loaders and actions of /conta/{pages,posts,events}: list, new and edit. */
export const contentEditorRoutes = {
  page: contentRoutes({
    service: (services) => services.pages,
    schema: pageFormSchema,
    list: accountPaths.area("pages"),
    created: "Página criada com sucesso!",
    saved: "Página salva com sucesso!",
    deleted: "Página excluída.",
    readQuery: (url) => readListQuery(url, contentListQuerySchema.shape),
    date: (page) => formatDateTime(page.updated_at),
  }),
  post: contentRoutes({
    service: (services) => services.posts,
    schema: postFormSchema,
    list: accountPaths.area("posts"),
    created: "Notícia criada com sucesso!",
    saved: "Notícia salva com sucesso!",
    deleted: "Notícia excluída.",
    readQuery: (url) => readListQuery(url, contentListQuerySchema.shape),
    date: (post: PostView) => formatDateTime(post.published_at),
    scheduled: (post, now) => post.status === "published" && Date.parse(post.published_at) > now,
    feature: "posts",
    // A new item is published now unless the administrator picks another moment.
    defaults: () => ({ published_at: toSaoPauloLocal(new Date()) }),
  }),
  event: contentRoutes({
    service: (services) => services.events,
    schema: eventFormSchema,
    list: accountPaths.area("events"),
    created: "Evento criado com sucesso!",
    saved: "Evento salvo com sucesso!",
    deleted: "Evento excluído.",
    readQuery: (url) => readListQuery(url, eventListQuerySchema.shape),
    date: (event: EventView) => formatDateTime(event.start_at),
    feature: "events",
  }),
};
