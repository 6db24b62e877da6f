import type { ContentView, EventView, PageView, PostView, SearchHit, TagCount } from "../../../common/content.ts";
import { type FeatureKey, featureKeys } from "../../../common/features.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import {
  datePrecisions,
  MEDIA_PAGE_SIZE,
  type MediaFilters,
  type MediaView,
  mediaTypes,
} from "../../../common/media.ts";
import type { ImportEntry, ImportResult, ImportSummary } from "../../../common/media-import.ts";
import type { MenuItem } from "../../../common/menus.ts";
import { listQuerySchema } from "../../../common/pagination.ts";
import { userRoles } from "../../../common/roles.ts";
import { loginSchema } from "../../../common/schemas/auth.ts";
import { contactListQuerySchema, contactReadSchema, contactSchema } from "../../../common/schemas/contact.ts";
import {
  contentListQuerySchema,
  contentStatuses,
  eventListQuerySchema,
  eventSchema,
  pageSchema,
  postSchema,
} from "../../../common/schemas/content.ts";
import {
  exportQuerySchema,
  importSchema,
  MAX_IMPORT_BYTES,
  mediaListQuerySchema,
  mediaSchema,
  referenceFormats,
} from "../../../common/schemas/media.ts";
import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import { settingsSchema } from "../../../common/schemas/settings.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import {
  profileSchema,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from "../../../common/schemas/user.ts";
import { z } from "../../../common/zod.ts";
import type { ContactView } from "../../modules/contacts/contacts-service.ts";
import { MAX_EXPORT_ITEMS } from "../../modules/medias/medias-service.ts";
import { importFormSchema, mediaPageQuerySchema, mediaTextQuerySchema } from "../../modules/medias/routes.ts";
import type { SettingsView } from "../../modules/settings/settings-view.ts";
import type { DocumentUpload, ImageUpload } from "../../modules/uploads/uploads-service.ts";
import type { UserView } from "../../modules/users/users-service.ts";
import { SESSION_COOKIE } from "../session-cookie.ts";
import { input, messageSchema, type Operation, output } from "./operation.ts";

/*
 * The OpenAPI 3.1 description of /api. Request bodies and query parameters are
 * the shared zod schemas the handlers parse with; answers are described by the
 * schemas below, which the tests check against real responses. A route added
 * without an operation here fails server/http/openapi/openapi.test.ts.
 */

// Requests: the very schemas the handlers use.
input("SetupInput", setupSchema);
input("SettingsInput", settingsSchema);
input("LoginInput", loginSchema);
input("ProfileInput", profileSchema);
input("UserCreateInput", userCreateSchema);
input("UserUpdateInput", userUpdateSchema);
input("MenuInput", menuSchema);
input("MenuOrder", menuOrderSchema);
input("ContactInput", contactSchema);
input("ContactRead", contactReadSchema);
input("PageInput", pageSchema);
input("PostInput", postSchema);
input("EventInput", eventSchema);
const imageUploadForm = input("ImageUploadForm", z.object({ file: z.file() }));
const documentUploadForm = input("DocumentUploadForm", z.object({ file: z.file() }));
input("MediaInput", mediaSchema);
input("ImportInput", importSchema);
input("ImportForm", importFormSchema);

// Answers.
const timestamp = z.iso.datetime({ offset: true });
const role = z.enum(userRoles);

const fileRef = z.strictObject({ url: z.string() }).nullable();
const feature = z.strictObject({ title: z.string(), url: z.string(), enabled: z.boolean() });
const settingsView = output(
  "Settings",
  z.strictObject({
    title: z.string(),
    description: z.string(),
    font: z.string(),
    primary_color: z.string(),
    secondary_color: z.string(),
    site_logo: fileRef,
    site_cover: fileRef,
    site_favicon: fileRef,
    site_footer_logo: z.number().int(),
    contact: z.string(),
    email: z.string(),
    url_facebook: z.string(),
    url_instagram: z.string(),
    url_twitter: z.string(),
    url_youtube: z.string(),
    gtag: z.string(),
    origin_postal_code: z.string(),
    features: z.strictObject(
      Object.fromEntries(featureKeys.map((key) => [key, feature])) as Record<FeatureKey, typeof feature>,
    ),
    home_page_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "A published page shown at / instead of the default home; null keeps the default." }),
    updated_at: timestamp,
  }) satisfies z.ZodType<SettingsView>,
);
const settingsOrNull = output(
  "SettingsOrNull",
  settingsView.nullable().meta({ description: "null until the first-time setup ran." }),
);

const actor = output("Profile", z.strictObject({ id: z.number().int(), name: z.string(), email: z.string(), role }));
const sessionSchema = output(
  "Session",
  z.strictObject({
    token: z.string().meta({ description: "Send as `Authorization: Token <token>`." }),
    expires_at: timestamp,
    user: actor,
  }),
);
const userView = output(
  "User",
  z.strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role,
    created_at: timestamp,
  }) satisfies z.ZodType<UserView>,
);

const pagination = z.strictObject({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});
const userPage = output("UserPage", z.strictObject({ data: z.array(userView), pagination }));

const menuItem: z.ZodType<MenuItem> = output(
  "MenuItem",
  z.strictObject({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    href: z.string().nullable().meta({
      description:
        "Where the item leads: the linked page's /{slug} or the url; null for a dropdown title without an address, or (for visitors) a page that is not published.",
    }),
    external: z.boolean().meta({ description: "True for http(s) addresses, which open in a new tab." }),
    enabled: z.boolean(),
    position: z.number().int(),
    page_id: z.number().int().nullable(),
    page: z.strictObject({ slug: z.string(), status: z.enum(contentStatuses) }).nullable(),
    parent_id: z.number().int().nullable(),
    get submenus() {
      return z.array(menuItem);
    },
  }),
);
const menuList = output("MenuList", z.array(menuItem));

const contactView = output(
  "Contact",
  z.strictObject({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    read: z.boolean(),
    read_at: timestamp.nullable(),
    created_at: timestamp,
  }) satisfies z.ZodType<ContactView>,
);
const contactPage = output(
  "ContactPage",
  z.strictObject({
    data: z.array(contactView),
    pagination,
    unread: z.number().int().meta({ description: "Unread messages in total, whatever the filters." }),
  }),
);

const contentFields = {
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  content: z.string().meta({ description: "Sanitised HTML." }),
  cover: z.string().nullable(),
  documents: z.array(
    z.strictObject({ url: z.string(), name: z.string(), size: z.number().int(), mime_type: z.string() }),
  ),
  tags: z.array(z.string()),
  status: z.enum(contentStatuses),
  created_at: timestamp,
  updated_at: timestamp,
  url: z.string().meta({ description: "The public path: /{slug}, /noticias/{slug} or /agenda/{slug}." }),
} satisfies { [K in keyof ContentView]: z.ZodType<ContentView[K]> };
const pageView = output("Page", z.strictObject(contentFields) satisfies z.ZodType<PageView>);
const postView = output(
  "Post",
  z.strictObject({
    ...contentFields,
    published_at: timestamp.meta({ description: "Hidden from visitors until this moment." }),
  }) satisfies z.ZodType<PostView>,
);
const eventView = output(
  "Event",
  z.strictObject({
    ...contentFields,
    start_at: timestamp,
    end_at: timestamp,
    place_name: z.string(),
    place_address: z.string(),
    online_url: z.string(),
  }) satisfies z.ZodType<EventView>,
);
const pageList = output("PageList", z.strictObject({ data: z.array(pageView), pagination }));
const postList = output("PostList", z.strictObject({ data: z.array(postView), pagination }));
const eventList = output("EventList", z.strictObject({ data: z.array(eventView), pagination }));
const tagCounts = output(
  "TagCounts",
  z.array(z.strictObject({ tag: z.string(), count: z.number().int() }) satisfies z.ZodType<TagCount>),
);

const imageUpload = output(
  "ImageUpload",
  z.strictObject({
    id: z.string(),
    url: z.string(),
    thumb: z.string(),
    average: z.string().meta({ description: "The address the rich-text editor inserts." }),
  }) satisfies z.ZodType<ImageUpload>,
);

const documentUpload = output(
  "DocumentUpload",
  z.strictObject({
    id: z.string(),
    url: z.string(),
    name: z.string().meta({ description: "The original file name, cleaned." }),
    size: z.number().int(),
    mime_type: z.string().meta({ description: "Told from the content, not from the name." }),
  }) satisfies z.ZodType<DocumentUpload>,
);

const contentDocument = z.strictObject({
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
});
const mediaType = z.enum(mediaTypes);
const mediaView = output(
  "Media",
  z.strictObject({
    id: z.number().int(),
    title: z.string(),
    type: mediaType,
    authors: z
      .array(z.string())
      .meta({ description: 'In order, as typed: "Sobrenome, Nome"; "{Embrapa}" for a body.' }),
    organizers: z.array(z.string()),
    description: z.string().meta({ description: "Sanitised HTML." }),
    publication_date: z
      .string()
      .nullable()
      .meta({ description: '"2019", "2019-05" or "2019-05-12", as far as it is known; null when unknown.' }),
    date_precision: z.enum(datePrecisions).nullable(),
    year: z.number().int().nullable(),
    publisher: z.string(),
    city: z.string(),
    institution: z.string(),
    source: z.string().meta({ description: "Journal, event, book (of a chapter), site or programme." }),
    volume: z.string(),
    number: z.string(),
    pages: z.string(),
    doi: z.string().meta({ description: 'Without the resolver: "10.1590/xyz".' }),
    isbn_issn: z.string(),
    url: z.string(),
    languages: z.array(z.string()).meta({ description: 'Names in Portuguese: "Português", "Inglês"...' }),
    categories: z.array(z.string()),
    tags: z.array(z.string()),
    cover: z.string().nullable(),
    documents: z.array(contentDocument),
    embed_url: z.string().meta({ description: "A YouTube or Vimeo page, or an audio/video file address." }),
    patent_legal_status: z.string(),
    notes: z.string(),
    additional_info: z.string(),
    status: z.enum(contentStatuses),
    created_at: timestamp,
    updated_at: timestamp,
    url_path: z.string().meta({ description: "The public path: /biblioteca/{id}." }),
  } satisfies { [K in keyof MediaView]: z.ZodType<MediaView[K]> }),
);
const mediaList = output("MediaList", z.strictObject({ data: z.array(mediaView), pagination }));
const facet = z.strictObject({ value: z.string(), count: z.number().int() });
const mediaFilters = output(
  "MediaFilters",
  z.strictObject({
    types: z
      .array(z.strictObject({ value: mediaType, label: z.string(), count: z.number().int() }))
      .meta({ description: "In the order of the form's type list, with their pt-BR labels." }),
    categories: z.array(facet).meta({ description: "Most used first, then by name." }),
    tags: z.array(facet).meta({ description: "Most used first, then by name." }),
    languages: z.array(facet).meta({ description: "Most used first, then by name." }),
    years: z.array(z.strictObject({ value: z.number().int(), count: z.number().int() })).meta({
      description: "Newest first; items without a year are not counted.",
    }),
  }) satisfies z.ZodType<MediaFilters>,
);
const referenceText = output(
  "ReferenceFile",
  z.string().meta({ description: "The references as a BibTeX (.bib) or RIS (.ris) file, UTF-8." }),
);
const importEntry = z.strictObject({
  index: z.number().int().meta({ description: "1-based position in the file." }),
  key: z.string().meta({ description: "BibTeX citation key or RIS ID, when present." }),
  title: z.string(),
  type: mediaType.nullable(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  status: z.enum(["new", "duplicate", "invalid"]),
  reason: z.string().nullable().meta({ description: "pt-BR: why the entry is invalid or a duplicate." }),
  duplicate_of: z.number().int().nullable().meta({ description: "The library item it duplicates." }),
}) satisfies z.ZodType<ImportEntry>;
const importSummaryFields = {
  format: z.enum(referenceFormats),
  total: z.number().int(),
  new: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  entries: z.array(importEntry),
};
const importSummary = output("ImportSummary", z.strictObject(importSummaryFields) satisfies z.ZodType<ImportSummary>);
const importResult = output(
  "ImportResult",
  z.strictObject({
    ...importSummaryFields,
    created: z.number().int().meta({ description: "Items written, all in one transaction." }),
  }) satisfies z.ZodType<ImportResult>,
);

const searchHit = z.strictObject({
  type: z.enum(["page", "post", "event", "media"]),
  id: z.number().int(),
  title: z.string(),
  url: z
    .string()
    .meta({ description: "The public path: /{slug}, /noticias/{slug}, /agenda/{slug} or /biblioteca/{id}." }),
  excerpt: z
    .string()
    .meta({ description: "Plain text around the match; matched words wrapped in «». Escape before rendering." }),
  date: timestamp.meta({
    description:
      "News: publication date; events: start; pages: last update; library items: January 1st (UTC) of the publication year, or the last update when the year is unknown.",
  }),
  rank: z.number(),
}) satisfies z.ZodType<SearchHit>;
const searchResults = output("SearchResults", z.strictObject({ data: z.array(searchHit), pagination }));

const healthOk = output(
  "Health",
  z.strictObject({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }),
);
const healthDown = output("HealthDown", z.strictObject({ status: z.literal("error"), message: z.string() }));

/** The six operations of pages, news or events: anyone reads what is published, administrators everything. */
function contentOperations(area: {
  path: string;
  tag: string;
  /** "page", "news item", "event". */
  noun: string;
  listOrder: string;
  query: z.ZodObject;
  body: z.ZodType;
  view: z.ZodType;
  list: z.ZodType;
  hidden: string;
}): Operation[] {
  const { path, tag, noun } = area;
  const slugTaken = { status: 409, description: "The slug is already in use" };
  return [
    {
      method: "get",
      path,
      summary: `List ${area.listOrder}; q searches the text (best match first), tag filters. Visitors see ${area.hidden}; administrators see all and may filter by status`,
      tag,
      access: "public",
      query: [listQuerySchema, area.query],
      success: { status: 200, description: `One page of ${tag}`, schema: area.list },
    },
    {
      method: "get",
      path: `${path}/tags`,
      summary: `Tags in use with their counts (counting only what the reader may see)`,
      tag,
      access: "public",
      success: { status: 200, description: "Tags, most used first", schema: tagCounts },
    },
    {
      method: "get",
      path: `${path}/{idOrSlug}`,
      summary: `One ${noun} by id or slug; administrators also see what is hidden from visitors (preview)`,
      tag,
      access: "public",
      success: { status: 200, description: `The ${noun}`, schema: area.view },
    },
    {
      method: "post",
      path,
      summary: `Create a ${noun}; an empty slug is made from the title, the rich text is sanitised`,
      tag,
      access: "admin",
      body: area.body,
      success: { status: 201, description: `The new ${noun}`, schema: area.view },
      refusals: [slugTaken],
    },
    {
      method: "put",
      path: `${path}/{id}`,
      summary: `Update a ${noun}; an empty slug is made from the title again`,
      tag,
      access: "admin",
      body: area.body,
      success: { status: 200, description: `The updated ${noun}`, schema: area.view },
      refusals: [slugTaken],
    },
    {
      method: "delete",
      path: `${path}/{id}`,
      summary: `Delete a ${noun}`,
      tag,
      access: "admin",
      success: { status: 204, description: "Deleted" },
    },
  ];
}

/** The library: anyone reads published items and exports them; administrators write and import. */
function mediaOperations(): Operation[] {
  const tag = "medias";
  const path = "/api/medias";
  const filters =
    "type, category, tag and language (a code such as pt or a name) keep matching items; year_from/year_to keep items published in that range (items without a year are left out)";
  const files = {
    text: ["application/x-bibtex", "application/x-research-info-systems"],
    schema: referenceText,
  };
  const importBody = { body: importSchema, form: importFormSchema };
  const tooLarge = { status: 413, description: `The file is larger than ${formatFileSize(MAX_IMPORT_BYTES)}` };
  return [
    {
      method: "get",
      path,
      summary: `List library items, ${MEDIA_PAGE_SIZE} per page unless per_page says otherwise. q searches titles, authors, organizers, tags, categories, description, source, publisher and institution (accents, case and Portuguese word endings ignored); ${filters}. sort=relevance (default; title matches first, then authors/tags/categories, then description; newest when there is no q), newest (year, month, day, unknown last) or title (A-Z ignoring case and accents). Visitors see published items; administrators see all and may filter by status`,
      tag,
      access: "public",
      query: [mediaPageQuerySchema, mediaListQuerySchema],
      success: { status: 200, description: "One page of items", schema: mediaList },
    },
    {
      method: "get",
      path: `${path}/filters`,
      summary:
        "What is in use among the items the reader may see: types, categories, tags, languages and years with counts",
      tag,
      access: "public",
      success: { status: 200, description: "Filter values with their counts", schema: mediaFilters },
    },
    {
      method: "get",
      path: `${path}/export`,
      summary: `Download every item the list would show for the same q, filters and sort (at most ${MAX_EXPORT_ITEMS}), as BibTeX (format=bibtex, biblioteca.bib) or RIS (format=ris, biblioteca.ris)`,
      tag,
      access: "public",
      query: [exportQuerySchema, mediaTextQuerySchema, mediaListQuerySchema],
      success: { status: 200, description: "An attachment: biblioteca.bib or biblioteca.ris", ...files },
    },
    {
      method: "get",
      path: `${path}/{id}`,
      summary: "One library item; administrators also see drafts",
      tag,
      access: "public",
      success: { status: 200, description: "The item", schema: mediaView },
    },
    {
      method: "get",
      path: `${path}/{id}/export`,
      summary: "Download one item as BibTeX (format=bibtex) or RIS (format=ris)",
      tag,
      access: "public",
      query: [exportQuerySchema],
      success: { status: 200, description: "An attachment: biblioteca-{id}.bib or biblioteca-{id}.ris", ...files },
    },
    {
      method: "post",
      path,
      summary: "Create a library item; the description is sanitised, the DOI kept without its resolver",
      tag,
      access: "admin",
      body: mediaSchema,
      success: { status: 201, description: "The new item", schema: mediaView },
    },
    {
      method: "put",
      path: `${path}/{id}`,
      summary: "Update a library item",
      tag,
      access: "admin",
      body: mediaSchema,
      success: { status: 200, description: "The updated item", schema: mediaView },
    },
    {
      method: "delete",
      path: `${path}/{id}`,
      summary: "Delete a library item",
      tag,
      access: "admin",
      success: { status: 204, description: "Deleted" },
    },
    {
      method: "post",
      path: `${path}/import/preview`,
      summary:
        "Read a BibTeX or RIS file (JSON {text, format?} or multipart field file, with optional format; detected when left out; UTF-8 or Windows-1252) and tell, entry by entry, what an import would do: new, duplicate (same DOI, or title + year + first author) or invalid. Writes nothing",
      tag,
      access: "admin",
      ...importBody,
      success: { status: 200, description: "What the import would do", schema: importSummary },
      refusals: [tooLarge],
    },
    {
      method: "post",
      path: `${path}/import`,
      summary:
        "Import a BibTeX or RIS file (same body as the preview): the new entries are created in one transaction; duplicates and invalid entries are skipped",
      tag,
      access: "admin",
      ...importBody,
      success: { status: 200, description: "What was done, with the number of items created", schema: importResult },
      refusals: [tooLarge],
    },
  ];
}

/** Operations not yet moved beside their area's routes. */
export const legacyOperations: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Health check: the process answers and the database responds",
    tag: "health",
    access: "public",
    success: { status: 200, description: "Healthy", schema: healthOk },
    refusals: [{ status: 503, description: "The database does not respond", schema: healthDown }],
  },
  {
    method: "get",
    path: "/api/settings",
    summary: "The site's settings (null before the first-time setup)",
    tag: "settings",
    access: "public",
    success: { status: 200, description: "The settings or null", schema: settingsOrNull },
  },
  {
    method: "post",
    path: "/api/settings",
    summary: "Save the settings; switching a feature on or off creates or deletes its menu",
    tag: "settings",
    access: "admin",
    body: settingsSchema,
    success: { status: 200, description: "The saved settings", schema: settingsView },
    refusals: [{ status: 409, description: "The site was not set up yet" }],
  },
  {
    method: "post",
    path: "/api/settings/setup",
    summary: "First-time setup: creates the settings and the first (super) user",
    tag: "settings",
    access: "public",
    body: setupSchema,
    success: { status: 201, description: "The new settings", schema: settingsView },
    refusals: [{ status: 409, description: "The site is already set up" }],
  },
  {
    method: "post",
    path: "/api/auth/login",
    summary: "Sign in; answers a token and sets the session cookie",
    tag: "auth",
    access: "public",
    body: loginSchema,
    success: {
      status: 200,
      description: "Signed in",
      schema: sessionSchema,
      setsCookie: `${SESSION_COOKIE}=<token>; HttpOnly; SameSite=Lax (Secure when BASE_URL is https)`,
    },
    refusals: [
      { status: 401, description: "Wrong e-mail or password" },
      { status: 429, description: "Too many failed attempts from this address or at this e-mail (up to 15 minutes)" },
    ],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    summary: "Sign out: the session's token stops working and the cookie is cleared",
    tag: "auth",
    access: "user",
    success: {
      status: 200,
      description: "Signed out",
      schema: messageSchema,
      setsCookie: `${SESSION_COOKIE}=; Max-Age=0 (clears the cookie)`,
    },
  },
  {
    method: "get",
    path: "/api/profile",
    summary: "The signed-in person",
    tag: "profile",
    access: "user",
    success: { status: 200, description: "Name, e-mail and role", schema: actor },
  },
  {
    method: "put",
    path: "/api/profile",
    summary: "Change one's own name, e-mail or password (the current password is required to change it)",
    tag: "profile",
    access: "user",
    body: profileSchema,
    success: { status: 200, description: "The updated user; a new password ends the other sessions", schema: userView },
    refusals: [{ status: 409, description: "The e-mail belongs to someone else" }],
  },
  {
    method: "get",
    path: "/api/users",
    summary: "List users by name",
    tag: "users",
    access: "admin",
    query: [listQuerySchema, userListQuerySchema],
    success: { status: 200, description: "One page of users", schema: userPage },
  },
  {
    method: "post",
    path: "/api/users",
    summary: "Create a user (only a super grants the super role)",
    tag: "users",
    access: "admin",
    body: userCreateSchema,
    success: { status: 201, description: "The new user", schema: userView },
    refusals: [{ status: 409, description: "The e-mail is already registered" }],
  },
  {
    method: "get",
    path: "/api/users/{id}",
    summary: "One user",
    tag: "users",
    access: "admin",
    success: { status: 200, description: "The user", schema: userView },
  },
  {
    method: "put",
    path: "/api/users/{id}",
    summary:
      "Update a user; an empty password keeps the current one, a new one ends their sessions; changing one's own password needs current_password",
    tag: "users",
    access: "admin",
    body: userUpdateSchema,
    success: { status: 200, description: "The updated user", schema: userView },
    refusals: [{ status: 409, description: "The e-mail is taken, or this would leave no super user" }],
  },
  {
    method: "delete",
    path: "/api/users/{id}",
    summary: "Delete a user (not oneself, never the last super)",
    tag: "users",
    access: "admin",
    success: { status: 204, description: "Deleted" },
    refusals: [{ status: 409, description: "This would leave no super user" }],
  },
  {
    method: "get",
    path: "/api/menus",
    summary: "The menu tree: enabled items for visitors, every item for administrators",
    tag: "menus",
    access: "public",
    success: { status: 200, description: "Top-level items with their submenus", schema: menuList },
  },
  {
    method: "post",
    path: "/api/menus",
    summary: "Create a menu or a submenu (one level deep)",
    tag: "menus",
    access: "admin",
    body: menuSchema,
    success: { status: 201, description: "The new menu", schema: menuItem },
  },
  {
    method: "post",
    path: "/api/menus/reorder",
    summary: "Set the order of one level: ids are exactly the items under parent_id",
    tag: "menus",
    access: "admin",
    body: menuOrderSchema,
    success: { status: 200, description: "The whole tree in its new order", schema: menuList },
  },
  {
    method: "get",
    path: "/api/menus/{id}",
    summary: "One menu",
    tag: "menus",
    access: "admin",
    success: { status: 200, description: "The menu", schema: menuItem },
  },
  {
    method: "put",
    path: "/api/menus/{id}",
    summary: "Update a menu",
    tag: "menus",
    access: "admin",
    body: menuSchema,
    success: { status: 200, description: "The updated menu", schema: menuItem },
  },
  {
    method: "delete",
    path: "/api/menus/{id}",
    summary: "Delete a menu and its submenus",
    tag: "menus",
    access: "admin",
    success: { status: 204, description: "Deleted" },
  },
  {
    method: "post",
    path: "/api/contacts/contact",
    summary: "Send a message through the public contact form",
    tag: "contacts",
    access: "public",
    body: contactSchema,
    success: { status: 201, description: "Received", schema: messageSchema },
    refusals: [{ status: 429, description: "Too many messages from this address" }],
  },
  {
    method: "get",
    path: "/api/contacts",
    summary: "List messages, newest first",
    tag: "contacts",
    access: "admin",
    query: [listQuerySchema, contactListQuerySchema],
    success: { status: 200, description: "One page of messages and the unread count", schema: contactPage },
  },
  {
    method: "get",
    path: "/api/contacts/{id}",
    summary: "Open a message (marks it read)",
    tag: "contacts",
    access: "admin",
    success: { status: 200, description: "The message", schema: contactView },
  },
  {
    method: "put",
    path: "/api/contacts/{id}",
    summary: "Mark a message read or unread",
    tag: "contacts",
    access: "admin",
    body: contactReadSchema,
    success: { status: 200, description: "The message", schema: contactView },
  },
  {
    method: "delete",
    path: "/api/contacts/{id}",
    summary: "Delete a message",
    tag: "contacts",
    access: "admin",
    success: { status: 204, description: "Deleted" },
  },
  ...contentOperations({
    path: "/api/pages",
    tag: "pages",
    noun: "page",
    listOrder: "pages, last updated first (sort=date_asc: oldest first)",
    query: contentListQuerySchema,
    body: pageSchema,
    view: pageView,
    list: pageList,
    hidden: "published pages only",
  }),
  ...contentOperations({
    path: "/api/posts",
    tag: "posts",
    noun: "news item",
    listOrder: "news by publication date, newest first (sort=date_asc: oldest first)",
    query: contentListQuerySchema,
    body: postSchema,
    view: postView,
    list: postList,
    hidden: "published news whose publication date has come",
  }),
  ...contentOperations({
    path: "/api/events",
    tag: "events",
    noun: "event",
    listOrder:
      "events: upcoming ones (not yet over) soonest first, then past ones latest first; when=upcoming|past keeps one group; sort=date_asc lists all by start, oldest first",
    query: eventListQuerySchema,
    body: eventSchema,
    view: eventView,
    list: eventList,
    hidden: "published events only",
  }),
  ...mediaOperations(),
  {
    method: "post",
    path: "/api/uploads/images",
    summary: "Upload one image (field file); answers its address and its thumb and average versions",
    tag: "uploads",
    access: "user",
    body: imageUploadForm,
    multipart: true,
    success: { status: 201, description: "Stored", schema: imageUpload },
    refusals: [
      {
        status: 503,
        description: "Busy decoding other images (one at a time, a few waiting): retry after the Retry-After seconds",
      },
    ],
  },
  {
    method: "post",
    path: "/api/uploads/documents",
    summary:
      "Upload one document (field file): PDF, docx/xlsx/pptx, odt/ods/odp or doc/xls/ppt, told by content, up to 20 MB",
    tag: "uploads",
    access: "user",
    body: documentUploadForm,
    multipart: true,
    success: {
      status: 201,
      description: "Stored; the shape a content's documents list keeps, plus the upload id",
      schema: documentUpload,
    },
  },
  {
    method: "get",
    path: "/api/search",
    summary:
      "Full-text search over published pages, news and events (accents, case and Portuguese word endings ignored); best first, title matches weigh most",
    tag: "search",
    access: "public",
    query: [listQuerySchema],
    success: { status: 200, description: "Hits in one ranked list", schema: searchResults },
  },
];
