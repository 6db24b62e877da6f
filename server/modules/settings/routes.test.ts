import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { COLOR_INVALID } from "../../../common/schemas/settings.ts";
import type { MenuItem } from "../../../common/views/menus.ts";
import { type SettingsView, settingsViewSchema } from "../../../common/views/settings.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { auditEntries } from "../audit/tables.ts";
import { pages } from "../content/tables.ts";
import { users } from "../users/tables.ts";
import { REPEAT_WINDOW_SECONDS } from "./settings-service.ts";
import { settings as settingsTable } from "./tables.ts";

const t = withTestApp();

const setupBody = { ...SUPER, password_confirmation: SUPER.password };

type Errors = { message: string; errors: Record<string, string[]> };

describe("first-time setup", () => {
  it("answers null before setup, creates settings and a super user once, then refuses with 409", async () => {
    expect((await t.request("GET", "/api/settings")).body).toBeNull();
    const created = await t.request("POST", "/api/settings/setup", { body: setupBody });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({
      title: SUPER.title,
      primary_color: "#523d38",
      secondary_color: "#e1846d",
      font: "Montserrat",
    });
    expect(created.json<{ features: Record<string, { enabled: boolean }> }>().features.posts).toEqual({
      title: "Notícias",
      url: "/noticias",
      enabled: false,
    });

    const token = await t.login(SUPER.email, SUPER.password);
    const profile = await t.request("GET", "/api/profile", { token });
    expect(profile.json()).toMatchObject({ name: SUPER.admin_name, email: SUPER.email, role: "super" });

    const again = await t.request("POST", "/api/settings/setup", {
      body: { ...setupBody, email: "outra@example.com" },
    });
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({ message: "O site já foi configurado." });
  });

  it("answers the same setup sent again within seconds as the first, and refuses it once the moment has passed", async () => {
    const responses = await Promise.all(
      [setupBody, setupBody].map((body) => t.request("POST", "/api/settings/setup", { body })),
    );
    responses.push(await t.request("POST", "/api/settings/setup", { body: setupBody }));
    for (const response of responses) {
      expect(response.status).toBe(201);
      expect(response.json()).toMatchObject({ title: SUPER.title });
    }
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(1);
    // Another password is not the same setup, nor is the same one later.
    const otherPassword = await t.request("POST", "/api/settings/setup", {
      body: { ...setupBody, password: "outra-senha-1", password_confirmation: "outra-senha-1" },
    });
    expect(otherPassword.status).toBe(409);
    const earlier = sql`created_at - make_interval(secs => ${REPEAT_WINDOW_SECONDS + 1})`;
    await t.database.db.update(settingsTable).set({ createdAt: earlier, updatedAt: earlier });
    await t.database.db.update(users).set({ createdAt: earlier });
    expect((await t.request("POST", "/api/settings/setup", { body: setupBody })).status).toBe(409);
  });

  it("is public: anyone reads the settings once they exist, with every feature off", async () => {
    await t.setupSite();
    const response = await t.request("GET", "/api/settings");
    expect(response.status).toBe(200);
    const settings = settingsViewSchema.parse(response.json());
    expect(settings).toMatchObject({
      title: SUPER.title,
      email: "",
      description: "",
      site_logo: null,
      site_footer_logo: 0,
      gtag: "",
    });
    expect(Object.values(settings.features).map((feature) => feature.enabled)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(JSON.stringify(settings)).not.toContain("password");
    expect((await t.request("GET", "/api/menus")).json()).toEqual([]);
  });

  it("refuses a mismatched confirmation with the spec's pt-BR text", async () => {
    const response = await t.request("POST", "/api/settings/setup", {
      body: { ...setupBody, password_confirmation: "outra" },
    });
    expect(response.status).toBe(400);
    expect(response.json<Errors>().errors.password_confirmation).toEqual(["As senhas digitadas não conferem"]);
    expect((await t.request("GET", "/api/settings")).body).toBeNull();
  });

  it("validates like the form: required fields, e-mail and a password of at least 6 characters", async () => {
    const empty = await t.request("POST", "/api/settings/setup", { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        title: ["Campo obrigatório"],
        admin_name: ["Campo obrigatório"],
        email: ["Campo obrigatório"],
        password: ["Campo obrigatório"],
        password_confirmation: ["Campo obrigatório"],
      },
    });
    const bad = await t.request("POST", "/api/settings/setup", {
      body: { ...setupBody, email: "ana@", password: "12345", password_confirmation: "12345" },
    });
    expect(bad.json<Errors>().errors).toEqual({
      email: ["Informe um e-mail válido"],
      password: ["A senha deve ter pelo menos 6 caracteres"],
    });
    expect((await t.request("GET", "/api/settings")).body).toBeNull();
  });

  it("stores the administrator's e-mail lower-cased", async () => {
    await t.request("POST", "/api/settings/setup", { body: { ...setupBody, email: "ANA@Example.com" } });
    await t.login("ana@example.com", SUPER.password);
  });

  it("copies the administrator's e-mail to the public contact e-mail only when asked (JSON or a form without JavaScript)", async () => {
    const publicEmail = async () => (await t.request("GET", "/api/settings")).json<SettingsView>().email;
    await t.request("POST", "/api/settings/setup", { body: { ...setupBody, use_as_public_email: false } });
    expect(await publicEmail()).toBe("");

    await t.reset();
    await t.request("POST", "/api/settings/setup", { body: { ...setupBody, use_as_public_email: true } });
    expect(await publicEmail()).toBe(SUPER.email);

    await t.reset();
    const form = new FormData();
    for (const [name, value] of Object.entries(setupBody)) form.set(name, value);
    form.set("use_as_public_email", "on");
    expect((await t.request("POST", "/api/settings/setup", { form })).status).toBe(201);
    expect(await publicEmail()).toBe(SUPER.email);

    await t.reset();
    const bad = await t.request("POST", "/api/settings/setup", { body: { ...setupBody, use_as_public_email: "sim" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json<Errors>().errors)).toEqual(["use_as_public_email"]);
  });

  it("lets only one of two simultaneous setups through", async () => {
    const bodies = [setupBody, { ...setupBody, title: "Outra", email: "outra@example.com" }];
    const responses = await Promise.all(bodies.map((body) => t.request("POST", "/api/settings/setup", { body })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const won = bodies[responses.findIndex((response) => response.status === 201)];
    const lost = bodies[responses.findIndex((response) => response.status === 409)];
    if (!won || !lost) throw new Error("missing setup body");
    expect((await t.request("GET", "/api/settings")).json()).toMatchObject({ title: won.title });
    await t.login(won.email, SUPER.password);
    await expect(t.login(lost.email, SUPER.password)).rejects.toThrow(/401/);
  });
});

describe("POST /api/settings", () => {
  async function current(): Promise<SettingsView> {
    return (await t.request("GET", "/api/settings")).json<SettingsView>();
  }

  const save = async (token: string, changes: Partial<Record<keyof SettingsView, unknown>>) =>
    t.request("POST", "/api/settings", { token, body: { ...(await current()), ...changes } });

  it("is refused signed out (401) and for role user (403); admin and super may save", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const admin = await t.createUser("admin", superToken);

    expect((await save("", { title: "X" })).status).toBe(401);
    const refused = await save(customer.token, { title: "X" });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ message: "Você não tem permissão para esta ação." });
    expect((await current()).title).toBe(SUPER.title);

    expect((await save(admin.token, { title: "Pelo admin" })).status).toBe(200);
    expect((await current()).title).toBe("Pelo admin");
    expect((await save(superToken, { title: "Pelo super" })).status).toBe(200);
    expect((await current()).title).toBe("Pelo super");
  });

  it("saves every field; the next GET shows the new values", async () => {
    const token = await t.setupSite();
    const response = await save(token, {
      title: "Coop Nova",
      description: "Café e cacau",
      font: "Lato",
      primary_color: "#AABBCC",
      secondary_color: "#001122",
      site_logo: { url: "/files/logo.png" },
      site_cover: "https://cdn.example.com/capa.jpg",
      site_favicon: null,
      site_footer_logo: 1,
      contact: "Rua A, 1\nCentro",
      email: "contato@coop.org",
      url_facebook: "https://facebook.com/coop",
      url_instagram: "",
      gtag: "G-ABC1234",
    });
    expect(response.status).toBe(200);
    const expected = {
      title: "Coop Nova",
      description: "Café e cacau",
      font: "Lato",
      primary_color: "#aabbcc",
      secondary_color: "#001122",
      site_logo: { url: "/files/logo.png" },
      site_cover: { url: "https://cdn.example.com/capa.jpg" },
      site_favicon: null,
      site_footer_logo: 1,
      contact: "Rua A, 1\nCentro",
      email: "contato@coop.org",
      url_facebook: "https://facebook.com/coop",
      url_instagram: "",
      gtag: "G-ABC1234",
    };
    expect(response.json()).toMatchObject(expected);
    expect(await current()).toMatchObject(expected);
  });

  it("refuses bad colours, urls, analytics id, font and e-mail with field errors", async () => {
    const token = await t.setupSite();
    const response = await save(token, {
      title: "",
      primary_color: "red",
      secondary_color: "#12345",
      url_facebook: "facebook.com/coop",
      url_youtube: "javascript:alert(1)",
      gtag: "<script>",
      font: "Comic Sans",
      email: "contato@",
      site_logo: "javascript:alert(1)",
      site_footer_logo: 2,
    });
    expect(response.status).toBe(400);
    const { message, errors } = response.json<Errors>();
    expect(message).toBe("Verifique os campos destacados.");
    expect(errors).toMatchObject({
      title: ["Campo obrigatório"],
      primary_color: [COLOR_INVALID],
      secondary_color: [COLOR_INVALID],
      url_facebook: ["Informe um endereço começando com http:// ou https://"],
      url_youtube: ["Informe um endereço começando com http:// ou https://"],
      gtag: ["Código do Google Analytics inválido (ex.: G-XXXXXXX)"],
      font: ["Escolha uma das fontes disponíveis"],
      email: ["Informe um e-mail válido"],
      site_logo: ["Endereço de arquivo inválido"],
    });
    expect(errors.site_footer_logo).toHaveLength(1);
    expect((await current()).title).toBe(SUPER.title);
  });

  it("refuses a colour that is not #rrggbb ('#12', 'azul') with 'Cor inválida' and keeps the stored one", async () => {
    const token = await t.setupSite();
    for (const [primary_color, secondary_color] of [
      ["#12", "azul"],
      ["azul", "#12"],
      ["#abc", "#12345g"],
    ]) {
      const response = await save(token, { primary_color, secondary_color });
      expect(response.status).toBe(400);
      expect(response.json<Errors>().errors).toEqual({
        primary_color: [COLOR_INVALID],
        secondary_color: [COLOR_INVALID],
      });
    }
    expect(COLOR_INVALID).toMatch(/^Cor inválida/);
    expect(await current()).toMatchObject({ primary_color: "#523d38", secondary_color: "#e1846d" });
  });

  it("refuses a feature without a proper path", async () => {
    const token = await t.setupSite();
    const { features } = await current();
    const response = await save(token, {
      features: { ...features, posts: { title: "", url: "https://x.com", enabled: true } },
    });
    expect(response.status).toBe(400);
    expect(response.json<Errors>().errors).toEqual({
      "features.posts.title": ["Campo obrigatório"],
      "features.posts.url": ["Use um caminho como /noticias"],
    });
  });

  it("setup still answers 409 after the settings changed", async () => {
    const token = await t.setupSite();
    await save(token, { title: "Mudou" });
    expect((await t.request("POST", "/api/settings/setup", { body: setupBody })).status).toBe(409);
  });
});

describe("home page choice", () => {
  const current = async () => (await t.request("GET", "/api/settings")).json<SettingsView>();
  const save = async (token: string, changes: Partial<Record<keyof SettingsView, unknown>>) =>
    t.request("POST", "/api/settings", { token, body: { ...(await current()), ...changes } });

  async function addPage(slug: string, status: "draft" | "published") {
    const [page] = await t.database.db.insert(pages).values({ title: slug, slug, status }).returning();
    if (!page) throw new Error("page insert failed");
    return page.id;
  }

  it("starts with none, saves a published page, and clears it with null", async () => {
    const token = await t.setupSite();
    expect((await current()).home_page_id).toBeNull();
    const id = await addPage("inicio", "published");

    const saved = await save(token, { home_page_id: id });
    expect(saved.status).toBe(200);
    expect(saved.json<SettingsView>().home_page_id).toBe(id);
    expect((await current()).home_page_id).toBe(id);

    // null clears the choice.
    expect((await save(token, { home_page_id: null })).json<SettingsView>().home_page_id).toBeNull();
    expect((await current()).home_page_id).toBeNull();
  });

  it("refuses a draft or missing page with a field error and keeps the previous choice", async () => {
    const token = await t.setupSite();
    const published = await addPage("inicio", "published");
    const draft = await addPage("rascunho", "draft");
    await save(token, { home_page_id: published });

    for (const id of [draft, 999_999]) {
      const response = await save(token, { home_page_id: id, title: "Não salvar" });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({
        message: "Verifique os campos destacados.",
        errors: { home_page_id: ["Escolha uma página publicada"] },
      });
    }
    expect(await current()).toMatchObject({ home_page_id: published, title: SUPER.title });
  });

  it("refuses ids that are not positive whole numbers", async () => {
    const token = await t.setupSite();
    for (const id of [0, -1, 1.5, "abc", 2_147_483_648]) {
      const response = await save(token, { home_page_id: id });
      expect(response.status).toBe(400);
      expect(Object.keys(response.json<Errors>().errors)).toEqual(["home_page_id"]);
    }
  });

  it("falls back to none when the chosen page is deleted", async () => {
    const token = await t.setupSite();
    const id = await addPage("inicio", "published");
    await save(token, { home_page_id: id });
    await t.database.db.delete(pages);
    const [row] = await t.database.db.select().from(settingsTable);
    expect(row?.homePageId).toBeNull();
  });
});

describe("feature menus", () => {
  async function setFeature(token: string, key: "posts" | "shop", changes: Record<string, unknown>) {
    const settings = (await t.request("GET", "/api/settings")).json<SettingsView>();
    const features = { ...settings.features, [key]: { ...settings.features[key], ...changes } };
    const response = await t.request("POST", "/api/settings", { token, body: { ...settings, features } });
    expect(response.status).toBe(200);
    return response.json<SettingsView>();
  }
  const menus = async () => (await t.request("GET", "/api/menus")).json<MenuItem[]>();

  it("enabling a feature creates a menu named after its title with its url, once; disabling deletes it", async () => {
    const token = await t.setupSite();
    await t.request("POST", "/api/menus", { token, body: { name: "Sobre", url: "/sobre" } });

    const saved = await setFeature(token, "posts", { enabled: true });
    expect(saved.features.posts.enabled).toBe(true);
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([
      ["Sobre", "/sobre"],
      ["Notícias", "/noticias"],
    ]);

    await setFeature(token, "posts", { enabled: true });
    expect((await menus()).filter((menu) => menu.url === "/noticias")).toHaveLength(1);

    await setFeature(token, "posts", { enabled: false });
    expect((await menus()).map((menu) => menu.name)).toEqual(["Sobre"]);
    expect((await t.request("GET", "/api/settings")).json<SettingsView>().features.posts.enabled).toBe(false);
  });

  it("uses the feature's own title and url, and keeps a menu that already leads there", async () => {
    const token = await t.setupSite();
    await setFeature(token, "shop", { title: "Empório", url: "/emporio", enabled: true });
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([["Empório", "/emporio"]]);

    await setFeature(token, "shop", { enabled: false });
    await t.request("POST", "/api/menus", { token, body: { name: "Nossa loja", url: "/emporio" } });
    await setFeature(token, "shop", { enabled: true });
    expect((await menus()).map((menu) => menu.name)).toEqual(["Nossa loja"]);
  });

  it("recreates the menu of an enabled feature on every save, and follows the feature's title and url", async () => {
    const token = await t.setupSite();
    await setFeature(token, "posts", { enabled: true });
    const made = (await menus()).find((menu) => menu.url === "/noticias");
    expect(made?.name).toBe("Notícias");
    expect((await t.request("DELETE", `/api/menus/${made?.id}`, { token })).status).toBe(204);

    await setFeature(token, "posts", {});
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([["Notícias", "/noticias"]]);

    await setFeature(token, "posts", { title: "Novidades" });
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([["Novidades", "/noticias"]]);
    await setFeature(token, "posts", { title: "Blog", url: "/blog" });
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([["Blog", "/blog"]]);

    // A name the administrator chose stays.
    const [own] = await menus();
    await t.request("PUT", `/api/menus/${own?.id}`, { token, body: { name: "Nosso blog", url: "/blog" } });
    await setFeature(token, "posts", { title: "Diário" });
    expect((await menus()).map((menu) => [menu.name, menu.url])).toEqual([["Nosso blog", "/blog"]]);

    await setFeature(token, "posts", { enabled: false });
    expect(await menus()).toEqual([]);
  });

  it("disabling removes the menu even when the url changes at the same time", async () => {
    const token = await t.setupSite();
    await setFeature(token, "posts", { enabled: true });
    await setFeature(token, "posts", { url: "/blog", enabled: false });
    expect(await menus()).toEqual([]);
  });
});

describe("security settings", () => {
  const security = (token: string) => t.request("GET", "/api/settings/security", { token });
  const save = async (token: string, changes: Record<string, unknown>) =>
    t.request("POST", "/api/settings", {
      token,
      body: { ...(await t.request("GET", "/api/settings")).json<SettingsView>(), ...changes },
    });

  it("are read by administrators only, and never shown to visitors with the public settings", async () => {
    const superToken = await t.setupSite();
    const customer = await t.createUser("user", superToken);
    const admin = await t.createUser("admin", superToken);
    expect((await t.request("GET", "/api/settings/security")).status).toBe(401);
    expect((await security(customer.token)).status).toBe(403);
    const read = await security(admin.token);
    expect(read.status).toBe(200);
    expectDocumented("get", "/api/settings/security", read);
    expect(read.json()).toEqual({ require_two_factor: false, audit_retention_days: 730 });
    const publicSettings = JSON.stringify((await t.request("GET", "/api/settings")).body);
    expect(publicSettings).not.toContain("require_two_factor");
    expect(publicSettings).not.toContain("audit_retention_days");
  });

  it("are changed by a super user, between 30 and 3650 days, and the save is logged", async () => {
    const token = await t.setupSite();
    for (const days of [29, 3651, 1.5, "abc", "", -30]) {
      const response = await save(token, { audit_retention_days: days });
      expect(response.status, String(days)).toBe(400);
      expect(response.json<Errors>().errors).toEqual({ audit_retention_days: ["Informe de 30 a 3650 dias"] });
      expectDocumented("post", "/api/settings", response);
    }
    const notBoolean = await save(token, { require_two_factor: "sim" });
    expect(notBoolean.json<Errors>().errors).toEqual({ require_two_factor: ["Informe sim ou não"] });
    expect((await security(token)).json()).toEqual({ require_two_factor: false, audit_retention_days: 730 });

    for (const days of [30, 3650, "365"]) expect((await save(token, { audit_retention_days: days })).status).toBe(200);
    expect((await save(token, { require_two_factor: true })).status).toBe(200);
    expect((await security(token)).json()).toEqual({ require_two_factor: true, audit_retention_days: 365 });
    const [latest] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, "settings.updated"))
      .orderBy(desc(auditEntries.id))
      .limit(1);
    expect(latest).toMatchObject({
      actorName: SUPER.admin_name,
      changes: { "Exigir verificação em duas etapas para administradores": { before: false, after: true } },
    });
  });

  it("refuses an administrator's change with 403, and saves the rest of an administrator's settings", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    for (const change of [{ require_two_factor: true }, { audit_retention_days: 90 }]) {
      const refused = await save(admin.token, { ...change, title: "Não salvar" });
      expect(refused.status).toBe(403);
      expectDocumented("post", "/api/settings", refused);
      expect(refused.json<Errors>().message).toBe(
        "Apenas um usuário Super pode alterar a verificação em duas etapas e o prazo do registro de auditoria.",
      );
      expect(refused.json<Errors>().errors).toEqual({
        [Object.keys(change)[0] ?? ""]: ["Apenas um usuário Super pode alterar este campo"],
      });
    }
    expect((await t.request("GET", "/api/settings")).json<SettingsView>().title).toBe(SUPER.title);
    // What the administrator's form sends (no such fields), or the stored values sent back, is saved.
    expect((await save(admin.token, { title: "Pelo admin" })).status).toBe(200);
    expect(
      (await save(admin.token, { title: "De novo", require_two_factor: false, audit_retention_days: 730 })).status,
    ).toBe(200);
    expect((await t.request("GET", "/api/settings")).json<SettingsView>().title).toBe("De novo");
    expect((await security(superToken)).json()).toEqual({ require_two_factor: false, audit_retention_days: 730 });
  });
});
