import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import { menuItemSchema, menuListSchema } from "../../../common/views/menus.ts";
import { input, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

const menus = recordOperations({
  tag: "menus",
  path: "/api/menus",
  access: "admin",
  noun: "menu",
  view: output("MenuItem", menuItemSchema),
  body: input("MenuInput", menuSchema),
});
const menuList = output("MenuList", menuListSchema);

export const menusOperations: Operation[] = [
  menus.list({
    summary: "The menu tree: enabled items for visitors, every item for administrators",
    access: "public",
    success: { description: "Top-level items with their submenus", schema: menuList },
  }),
  menus.create({ summary: "Create a menu or a submenu (one level deep)" }),
  menus.post({
    path: "/reorder",
    summary: "Set the order of one level: ids are exactly the items under parent_id",
    body: input("MenuOrder", menuOrderSchema),
    success: { status: 200, description: "The whole tree in its new order", schema: menuList },
  }),
  menus.read({ summary: "One menu" }),
  menus.update({ summary: "Update a menu" }),
  menus.delete({ summary: "Delete a menu and its submenus" }),
];
