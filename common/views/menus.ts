import { contentStatuses } from "../schemas/content.ts";
import { z } from "../zod.ts";

/** A menu item as the header, the API and the admin screens see it. */
export const menuItemSchema = z.strictObject({
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
  /** The linked page; visitors get it only once it is published. */
  page: z.strictObject({ slug: z.string(), status: z.enum(contentStatuses) }).nullable(),
  parent_id: z.number().int().nullable(),
  get submenus() {
    return z.array(menuItemSchema);
  },
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** A menu tree: top-level items with their submenus. */
export const menuListSchema = z.array(menuItemSchema);
