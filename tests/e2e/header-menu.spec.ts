import { expect, jsonOf, test, waitForHydration } from "./fixtures.ts";

type Menu = { id: number };

test("the header shows enabled menus, a keyboard dropdown and external links in new tabs", async ({ page, api }) => {
  const created: number[] = [];
  const createMenu = async (data: Record<string, unknown>) => {
    const menu = await jsonOf<Menu>(await api.post("/api/menus", { data }), 201);
    created.push(menu.id);
    return menu;
  };
  try {
    const institutional = await createMenu({ name: "Institucional", url: "/institucional" });
    await createMenu({ name: "Quem somos", url: "/quem-somos", parent_id: institutional.id });
    await createMenu({ name: "Transparência", url: "https://example.org/transparencia", parent_id: institutional.id });
    await createMenu({ name: "Blog", url: "https://blog.example.org" });
    await createMenu({ name: "Oculto", url: "/oculto", enabled: false });

    await page.goto("/");
    const header = page.getByRole("navigation", { name: "Menu principal" });
    await expect(header).toBeVisible();
    await expect(page.getByText("Oculto")).toHaveCount(0);

    const blog = header.getByRole("link", { name: "Blog", exact: true });
    await expect(blog).toHaveAttribute("href", "https://blog.example.org");
    await expect(blog).toHaveAttribute("target", "_blank");
    await expect(blog).toHaveAttribute("rel", /\bnoopener\b/);

    await expect(header.getByRole("link", { name: "Minha conta" })).toHaveAttribute("href", "/conta");

    const dropdown = header.getByRole("button", { name: "Institucional" });
    await waitForHydration(dropdown);
    await dropdown.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Quem somos" })).toHaveAttribute("href", "/quem-somos");
    const transparency = menu.getByRole("menuitem", { name: "Transparência" });
    await expect(transparency).toHaveAttribute("href", "https://example.org/transparencia");
    await expect(transparency).toHaveAttribute("target", "_blank");
  } finally {
    // Children go with their parent; the rest are deleted one by one.
    for (const id of created.reverse()) await api.delete(`/api/menus/${id}`);
  }
});
