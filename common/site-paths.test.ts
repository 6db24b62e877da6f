import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { reservedSlugs } from "./content.ts";
import { accountPaths, sitePaths } from "./site-paths.ts";

const routeTable = readFileSync(new URL("../app/routes.ts", import.meta.url), "utf8");
const declared = (path: string) => routeTable.includes(`"${path.slice(1)}"`);

describe("sitePaths", () => {
  it("builds item addresses under their feature's list", () => {
    expect(sitePaths.page("quem-somos")).toBe("/quem-somos");
    expect(sitePaths.post("colheita")).toBe("/noticias/colheita");
    expect(sitePaths.event("feira")).toBe("/agenda/feira");
    expect(sitePaths.eventCalendar("feira")).toBe("/agenda/feira/ics");
    expect(sitePaths.media(12)).toBe("/biblioteca/12");
    expect(sitePaths.file("2026/01/foto.webp")).toBe("/files/2026/01/foto.webp");
  });

  it("sends to the login page with the way back encoded", () => {
    expect(sitePaths.loginThenBack("/conta/posts?q=a b&page=2")).toBe(
      "/login?redirectTo=%2Fconta%2Fposts%3Fq%3Da%20b%26page%3D2",
    );
  });

  it("names only paths that app/routes.ts declares", () => {
    const pages = [
      sitePaths.login,
      sitePaths.contact,
      sitePaths.search,
      sitePaths.posts,
      sitePaths.postsFeed,
      sitePaths.post(":slug"),
      sitePaths.events,
      sitePaths.eventsFeed,
      sitePaths.event(":slug"),
      sitePaths.eventCalendar(":slug"),
      sitePaths.medias,
      sitePaths.media(0).replace(/0$/, ":id"),
    ];
    expect(pages.filter((path) => !declared(path))).toEqual([]);
    expect(routeTable).toContain(`prefix("${accountPaths.home.slice(1)}"`);
  });

  it("keeps pages off the first segment of every fixed address", () => {
    const fixed = Object.values(sitePaths).filter((path): path is string => typeof path === "string" && path !== "/");
    const segments = [...fixed, accountPaths.home].map((path) => path.split("/")[1]?.replace(/\.ics$/, ""));
    const reserved: readonly string[] = reservedSlugs;
    expect(segments.filter((segment) => !reserved.includes(segment ?? ""))).toEqual([]);
  });
});

describe("accountPaths", () => {
  it("builds the account lists and editors", () => {
    expect(accountPaths.area("users")).toBe("/conta/users");
    expect(accountPaths.create("menus")).toBe("/conta/menus/new");
    expect(accountPaths.edit("medias", 7)).toBe("/conta/medias/7/edit");
    expect(accountPaths.mediaImport).toBe("/conta/medias/importar");
    expect(accountPaths.contactMessage(3)).toBe("/conta/contacts/3");
  });

  it("tells the account area's addresses from the site's, /contato included", () => {
    expect(["/conta", "/conta/pages", "/conta.data", "/contato", "/contas", "/"].map(accountPaths.contains)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
