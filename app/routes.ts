import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("sair", "routes/logout.tsx"),
  route("contato", "routes/contact.tsx"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("login", "routes/site/login.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  ...prefix("conta", [
    layout("routes/conta/layout.tsx", [
      index("routes/conta/index.tsx"),
      route("settings", "routes/conta/settings.tsx"),
      route("profile", "routes/conta/profile.tsx"),
      route("menus", "routes/conta/menus/list.tsx"),
      route("menus/new", "routes/conta/menus/new.tsx"),
      route("menus/:id/edit", "routes/conta/menus/edit.tsx"),
      route("users", "routes/conta/users/list.tsx"),
      route("users/new", "routes/conta/users/new.tsx"),
      route("users/:id/edit", "routes/conta/users/edit.tsx"),
      route("contacts", "routes/conta/contacts/list.tsx"),
      route("contacts/:id", "routes/conta/contacts/show.tsx"),
      route("*", "routes/site/not-found.tsx", { id: "conta-not-found" }),
    ]),
  ]),
] satisfies RouteConfig;
