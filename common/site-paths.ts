// The site's own addresses, written once: the server's views, the app's links and the feeds build them here.
// app/routes.ts declares the same paths for React Router, whose config takes literal strings, and
// reservedSlugs (common/content.ts) keeps pages off their first segments; site-paths.test.ts checks both.

const POSTS = "/noticias";
const EVENTS = "/agenda";
const MEDIAS = "/biblioteca";
const SHOP = "/loja";
const FILES = "/files";
const ACCOUNT = "/conta";
const LOGIN = "/login";

/** Public addresses: the feature lists, their items and feeds, and the site's fixed pages. */
export const sitePaths = {
  home: "/",
  login: LOGIN,
  /** Sign-in's second step: the authenticator app's code (or a recovery code) after a right password. */
  loginCode: `${LOGIN}/verificacao`,
  /** An administrator the site requires it of adds an authenticator before her first session. */
  loginEnrol: `${LOGIN}/ativar-verificacao`,
  /** Sign-up: a customer's account (role user). */
  register: "/criar-conta",
  /** 'Esqueci minha senha': asks for a link by e-mail. */
  forgotPassword: "/esqueci-minha-senha",
  /** Where the e-mailed link lands, with `?token=`. */
  resetPassword: "/redefinir-senha",
  contact: "/contato",
  search: "/busca",
  posts: POSTS,
  postsFeed: `${POSTS}/rss.xml`,
  events: EVENTS,
  eventsFeed: `${EVENTS}.ics`,
  medias: MEDIAS,
  shop: SHOP,
  /** "Associe-se": the form that makes a membership proposal. */
  join: "/associe-se",
  cart: `${SHOP}/carrinho`,
  /** The order finalisation form: address, shipping, review (docs/spec.md §2). */
  checkout: `${SHOP}/finalizar-pedido`,
  /** An order's payment page: the Pix code, the provider's link or the manual instructions. */
  payment: (orderId: number) => `/checkout?pedido=${orderId}`,
  /** Where uploaded files are served (a FILES_URL host, when set, comes before it). */
  files: FILES,
  page: (slug: string) => `/${slug}`,
  post: (slug: string) => `${POSTS}/${slug}`,
  event: (slug: string) => `${EVENTS}/${slug}`,
  /** One event as an iCalendar file. */
  eventCalendar: (slug: string) => `${EVENTS}/${slug}/ics`,
  media: (id: number) => `${MEDIAS}/${id}`,
  product: (slug: string) => `${SHOP}/${slug}`,
  file: (key: string) => `${FILES}/${key}`,
  /** What a member card's QR opens: her name, number and whether she is in good standing today. */
  memberVerification: (code: string) => `/verificar/${code}`,
  /** The login page, coming back to `path` (path and query of this site) after signing in. */
  loginThenBack: (path: string) => `${LOGIN}?redirectTo=${encodeURIComponent(path)}`,
};

/** The account areas' lists: one per feature (featureKeys) and the fixed ones; "pedidos" is the customer's orders. */
export type AccountArea =
  | "pages"
  | "posts"
  | "events"
  | "medias"
  | "menus"
  | "redirects"
  | "contacts"
  | "emails"
  | "users"
  | "settings"
  | "profile"
  | "shop"
  | "fiscal"
  | "produtos"
  | "pedidos"
  | "cupons"
  | "membros"
  | "auditoria";

/** Addresses of the account area. */
export const accountPaths = {
  home: ACCOUNT,
  area: (area: AccountArea) => `${ACCOUNT}/${area}`,
  create: (area: AccountArea) => `${ACCOUNT}/${area}/new`,
  edit: (area: AccountArea, id: number) => `${ACCOUNT}/${area}/${id}/edit`,
  mediaImport: `${ACCOUNT}/medias/importar`,
  /** Moving a WordPress site in: the upload and the list of imports; then each import's preview and progress. */
  wordpressImports: `${ACCOUNT}/wordpress`,
  wordpressImport: (id: number) => `${ACCOUNT}/wordpress/${id}`,
  /** One order: its items, payment, history and, for administrators, the moves it may make. */
  order: (id: number) => `${ACCOUNT}/pedidos/${id}`,
  /** An order's packing slip and declaração de conteúdo, printed on its own. */
  orderDeclaration: (id: number) => `${ACCOUNT}/pedidos/${id}/declaracao`,
  /** A member's own page: her status, dues, receipts and card. */
  membership: `${ACCOUNT}/minha-associacao`,
  /** One contact message, opened to read. */
  contactMessage: (id: number) => `${ACCOUNT}/contacts/${id}`,
  /**
   * True for the account area's own addresses and their data requests ("/conta.data"); "/contato" is
   * a site page, not one of them.
   */
  contains: (path: string) => path === ACCOUNT || path.startsWith(`${ACCOUNT}/`) || path.startsWith(`${ACCOUNT}.`),
};

/** The shop's own addresses under /loja: a product's slug may not take them. */
export const shopReservedSlugs = ["carrinho", "finalizar-pedido"] as const;
