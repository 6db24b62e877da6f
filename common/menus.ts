/** A menu item as the header, the API and the admin screens see it. */
export type MenuItem = {
  id: number;
  name: string;
  url: string;
  /** Where the item leads: the linked page's `/{slug}` or the url. */
  href: string;
  /** Urls starting with http open in a new tab (spec §2). */
  external: boolean;
  enabled: boolean;
  position: number;
  page_id: number | null;
  page: { slug: string } | null;
  parent_id: number | null;
  submenus: MenuItem[];
};

export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);
