import type { ContentStatus } from "./schemas/content.ts";

/** A menu item as the header, the API and the admin screens see it. */
export type MenuItem = {
  id: number;
  name: string;
  url: string;
  /**
   * Where the item leads: the linked page's `/{slug}` or the url. Null when it leads nowhere:
   * no url and no page (the title of a dropdown), or, for visitors, a page not published.
   */
  href: string | null;
  /** Urls starting with http open in a new tab (spec §2). */
  external: boolean;
  enabled: boolean;
  position: number;
  page_id: number | null;
  /** The linked page; visitors get it only once it is published. */
  page: { slug: string; status: ContentStatus } | null;
  parent_id: number | null;
  submenus: MenuItem[];
};

export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);
