import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import { menuItemSchema, menuListSchema } from "../../../common/views/menus.ts";
import { input, type Operation, output } from "../../http/openapi/operation.ts";

input("MenuInput", menuSchema);
input("MenuOrder", menuOrderSchema);

const menuItem = output("MenuItem", menuItemSchema);
const menuList = output("MenuList", menuListSchema);

export const menusOperations: Operation[] = [
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
];
