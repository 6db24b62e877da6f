import type { Logger } from "pino";
import type { FileStorage } from "./adapters/storage/file-storage.ts";
import type { AreaName } from "./area-names.ts";
import { areas } from "./areas.ts";
import type { Config } from "./config.ts";
import type { Database, Db } from "./db/client.ts";
import type { PlatformDeps, ServiceContext, ServiceOf } from "./kernel/area.ts";
import type { ChangeFeed } from "./kernel/change-feed.ts";
import { type AreaEvent, createEventBus, type ListenToEvery } from "./kernel/events.ts";
import { createPublicReads } from "./kernel/public-reads.ts";
import { createSecretBox } from "./kernel/secret-box.ts";
import { createDatabaseThrottle, createMemoryThrottle, type ThrottleFactory } from "./kernel/throttle.ts";
import type { auditArea } from "./modules/audit/index.ts";
import type { authArea } from "./modules/auth/index.ts";
import type { contactsArea } from "./modules/contacts/index.ts";
import type { eventsArea, pagesArea, postsArea } from "./modules/content/index.ts";
import type { couponsArea } from "./modules/coupons/index.ts";
import type { customersArea } from "./modules/customers/index.ts";
import type { fiscalArea } from "./modules/fiscal/index.ts";
import type { healthArea } from "./modules/health/index.ts";
import type { mailArea } from "./modules/mail/index.ts";
import type { mediaImportArea, mediasArea } from "./modules/medias/index.ts";
import type { membersArea } from "./modules/members/index.ts";
import type { menusArea } from "./modules/menus/index.ts";
import type { ordersArea } from "./modules/orders/index.ts";
import type { productsArea } from "./modules/products/index.ts";
import type { redirectsArea } from "./modules/redirects/index.ts";
import type { searchArea } from "./modules/search/index.ts";
import type { secretsArea } from "./modules/secrets/index.ts";
import type { settingsArea } from "./modules/settings/index.ts";
import type { addressLookupArea } from "./modules/shop/address-lookup-area.ts";
import type { cartArea, shopArea } from "./modules/shop/index.ts";
import type { uploadsArea } from "./modules/uploads/index.ts";
import type { usersArea } from "./modules/users/index.ts";
import type { wordpressArea } from "./modules/wordpress/index.ts";

/** Visitors' reads kept: a few hundred answers (pages, lists, searches), a minute at most. */
const PUBLIC_READS = { maxEntries: 500, maxAgeMs: 60_000 };

export type ServicesConfig = Config & {
  /** Cookies get `Secure` when the public address is https. */
  secureCookies: boolean;
};

/**
 * Each area's service by its name, read from the area's own definition rather than from the registry's
 * type: an area's service type can then name the services it uses without TypeScript reading every
 * other area first (which would read its own).
 */
type AreaServices = {
  health: ServiceOf<typeof healthArea>;
  audit: ServiceOf<typeof auditArea>;
  settings: ServiceOf<typeof settingsArea>;
  auth: ServiceOf<typeof authArea>;
  users: ServiceOf<typeof usersArea>;
  customers: ServiceOf<typeof customersArea>;
  menus: ServiceOf<typeof menusArea>;
  redirects: ServiceOf<typeof redirectsArea>;
  contacts: ServiceOf<typeof contactsArea>;
  mail: ServiceOf<typeof mailArea>;
  pages: ServiceOf<typeof pagesArea>;
  posts: ServiceOf<typeof postsArea>;
  events: ServiceOf<typeof eventsArea>;
  medias: ServiceOf<typeof mediasArea>;
  mediaImport: ServiceOf<typeof mediaImportArea>;
  products: ServiceOf<typeof productsArea>;
  shop: ServiceOf<typeof shopArea>;
  cart: ServiceOf<typeof cartArea>;
  coupons: ServiceOf<typeof couponsArea>;
  addressLookup: ServiceOf<typeof addressLookupArea>;
  fiscal: ServiceOf<typeof fiscalArea>;
  members: ServiceOf<typeof membersArea>;
  orders: ServiceOf<typeof ordersArea>;
  search: ServiceOf<typeof searchArea>;
  uploads: ServiceOf<typeof uploadsArea>;
  wordpress: ServiceOf<typeof wordpressArea>;
  secrets: ServiceOf<typeof secretsArea>;
};

/** The services of the areas `Uses` names, on one handle, plus what the edges need of the platform. */
export type ServicesOf<Uses extends AreaName> = Pick<AreaServices, Uses> &
  PlatformDeps & {
    /** Runs `work` in one transaction; announcements are delivered after it commits. */
    transaction<T>(work: (services: ServicesOf<Uses>) => Promise<T>): Promise<T>;
    /** Follows every committed change, whatever the area (the page cache drops its pages). */
    onEveryChange: ListenToEvery;
  };

/** Every area's service on one handle: what flows, edges and tests see. */
export type Services = ServicesOf<AreaName>;

type AnyArea = {
  uses: readonly AreaName[];
  state?(deps: PlatformDeps & { services: Services }): unknown;
  service?(context: ServiceContext, state: unknown): unknown;
  listen?(on: ReturnType<typeof createEventBus>["on"], state: unknown): void;
};

/**
 * Builds every registered area around the one database handle. Services are built again on each
 * transaction's handle (cheap: closures), sharing the per-process state built here once.
 */
export function createServices(deps: {
  config: Config;
  database: Database;
  storage: FileStorage;
  logger: Logger;
  /** The other processes serving the site (several on PostgreSQL): told of each change, and heard. */
  changeFeed?: ChangeFeed;
}) {
  const config: ServicesConfig = { ...deps.config, secureCookies: deps.config.BASE_URL?.startsWith("https:") ?? false };
  // On PostgreSQL several processes may serve the site: their limits count in the database.
  const throttle: ThrottleFactory =
    deps.database.engine === "postgres"
      ? (limit) => createDatabaseThrottle(deps.database.db, limit)
      : createMemoryThrottle;
  const platform: PlatformDeps = {
    config,
    database: deps.database,
    storage: deps.storage,
    logger: deps.logger,
    throttle,
    secretBox: createSecretBox({ key: config.SECRETS_KEY, oldKey: config.SECRETS_KEY_OLD }),
  };
  const bus = createEventBus(deps.logger);
  const publicReads = createPublicReads(PUBLIC_READS);
  bus.onEvery(() => publicReads.clear());
  const { changeFeed } = deps;
  changeFeed?.subscribe((event) => (event ? bus.deliver(event) : bus.deliverMissed()));
  /** A change this process committed: its listeners hear it, then the other processes'. */
  const committed = (event: AreaEvent) => {
    bus.deliver(event);
    changeFeed?.publish(event);
  };
  const registered = Object.entries(areas) as [AreaName, AnyArea][];
  const states = new Map<AreaName, unknown>();

  /** The context on `db`; `pending` collects a transaction's announcements until it commits. */
  function contextOn(db: Db, pending: AreaEvent[] | null): ServiceContext {
    const services = { ...platform } as Services;
    const context: ServiceContext = {
      ...platform,
      db,
      inTransaction: pending !== null,
      publicReads,
      services,
      announce: (event) => (pending ? pending.push(event) : committed(event)),
      async transaction(work) {
        const announced: AreaEvent[] = [];
        // Inside a transaction Drizzle opens a savepoint, so a failed inner step rolls back alone.
        const result = await db.transaction((tx) => work(contextOn(tx, announced)));
        if (pending) pending.push(...announced);
        else for (const event of announced) committed(event);
        return result;
      },
    };
    Object.defineProperty(services, "onEveryChange", { value: bus.onEvery });
    Object.defineProperty(services, "transaction", {
      value: <T>(work: (services: Services) => Promise<T>) => context.transaction((tx) => work(tx.services)),
    });
    for (const [name, area] of registered) {
      const { service } = area;
      if (!service) continue;
      // Built on first use, so an area's service may use another's whatever the registration order.
      let built: unknown;
      Object.defineProperty(services, name, {
        enumerable: true,
        get: () => {
          built ??= service(context, states.get(name));
          return built;
        },
      });
    }
    return context;
  }

  const root = contextOn(deps.database.db, null).services;
  for (const [name, area] of registered) {
    const state = area.state?.({ ...platform, services: root });
    states.set(name, state);
    area.listen?.(bus.on, state);
  }
  return root;
}
