import type { Logger } from "pino";
import type { FileStorage } from "./adapters/storage/file-storage.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { createAuthService } from "./modules/auth/auth-service.ts";
import { createContactsService } from "./modules/contacts/contacts-service.ts";
import { createEventsService } from "./modules/content/events-service.ts";
import { createPagesService } from "./modules/content/pages-service.ts";
import { createPostsService } from "./modules/content/posts-service.ts";
import { createMediaImport } from "./modules/medias/media-import.ts";
import { createMediasService } from "./modules/medias/medias-service.ts";
import { createMenusService } from "./modules/menus/menus-service.ts";
import { createSearchService } from "./modules/search/search-service.ts";
import { createSettingsService } from "./modules/settings/settings-service.ts";
import { createUploadsService } from "./modules/uploads/uploads-service.ts";
import { createUsersService } from "./modules/users/users-service.ts";

export type ServicesConfig = Config & {
  /** Cookies get `Secure` when the public address is https. */
  secureCookies: boolean;
};

/** Everything built once per process around the one database handle. */
export function createServices(deps: { config: Config; database: Database; storage: FileStorage; logger: Logger }) {
  const { database, storage, logger } = deps;
  const db = database.db;
  const config: ServicesConfig = { ...deps.config, secureCookies: deps.config.BASE_URL?.startsWith("https:") ?? false };
  // Menus show linked pages by slug, so a page change must drop the cached menu tree.
  const pages = createPagesService(db, { onChange: () => menus.cache.invalidate() });
  const menus = createMenusService(db, (ids) => pages.linksFor(ids));
  const settings = createSettingsService(db, { menusCache: menus.cache });
  const medias = createMediasService(db);
  return {
    config,
    logger,
    database,
    storage,
    auth: createAuthService(db),
    settings,
    menus,
    pages,
    posts: createPostsService(db),
    events: createEventsService(db),
    medias,
    // The imported items change what the library's filters count.
    mediaImport: createMediaImport(db, { onChange: () => medias.filtersCache.invalidate() }),
    search: createSearchService(db, async () => {
      const features = (await settings.get())?.features;
      return {
        posts: features?.posts.enabled ?? false,
        events: features?.events.enabled ?? false,
        medias: features?.medias.enabled ?? false,
      };
    }),
    users: createUsersService(db),
    contacts: createContactsService(db),
    uploads: createUploadsService({
      db,
      storage,
      limits: { imageBytes: 10 * 1024 * 1024, documentBytes: 20 * 1024 * 1024 },
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
