/**
 * Puts the WordPress comparison site (content.json, copied from ../shared/bench/) into a fresh server
 * through the REST API, as ../shared/bench/seed-ours.mjs does: first-time setup, login, site title and
 * description, news on, the 2 pages, the 20 posts, the menu with its sub-items and the "Início" page as
 * the home. The API's own view types keep this in step with the API.
 */
import type { SessionView } from "../../common/views/auth.ts";
import type { PageView, PostView } from "../../common/views/content.ts";
import type { MenuItem } from "../../common/views/menus.ts";
import type { SettingsView } from "../../common/views/settings.ts";
import content from "./content.json" with { type: "json" };

export { content };

const ADMIN = { name: "Administrador", email: "admin@valeverde.coop.br", password: "perf-loopback-only" };

/** Our summaries hold 300 characters; WordPress's excerpts (55 words) run longer. */
const clip = (summary: string) =>
  summary.length > 300 ? `${summary.slice(0, 296).replace(/\s+\S*$/, "")} […]` : summary;

/** WordPress menu addresses as our routes: /category/noticias/ -> /noticias, /sobre/#x -> /sobre#x. */
export const ourMenuUrl = (wordpressUrl: string) =>
  wordpressUrl.replace(/^\/category\/noticias\//, "/noticias/").replace(/\/(?=#|$)/, "") || "/";

export function apiClient(base: string) {
  let token: string | null = null;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} -> HTTP ${response.status}: ${text.slice(0, 1000)}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  return {
    get: <T>(path: string) => call<T>("GET", path),
    post: <T>(path: string, body: unknown) => call<T>("POST", path, body),
    put: <T>(path: string, body: unknown) => call<T>("PUT", path, body),
    async login(): Promise<string> {
      const session = await call<SessionView>("POST", "/api/auth/login", {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      token = session.token;
      return session.token;
    },
    signOut() {
      token = null;
    },
  };
}

export type SeededSite = { token: string; settings: SettingsView };

export async function seed(base: string): Promise<SeededSite> {
  const api = apiClient(base);
  const { site } = content;
  await api.post("/api/settings/setup", {
    title: site.title,
    admin_name: ADMIN.name,
    email: ADMIN.email,
    password: ADMIN.password,
    password_confirmation: ADMIN.password,
  });
  const token = await api.login();

  const settings = await api.get<SettingsView>("/api/settings");
  await api.post("/api/settings", {
    ...settings,
    title: site.title,
    description: site.description,
    features: { ...settings.features, posts: { ...settings.features.posts, enabled: true } },
  });

  const pages = new Map<string, number>();
  for (const page of content.pages) {
    const created = await api.post<PageView>("/api/pages", {
      title: page.title,
      slug: page.slug,
      summary: clip(page.summary),
      content: page.content,
      status: "published",
    });
    pages.set(page.slug, created.id);
  }
  for (const post of content.posts) {
    await api.post<PostView>("/api/posts", {
      title: post.title,
      slug: post.slug,
      summary: clip(post.summary),
      content: post.content,
      status: "published",
      published_at: post.date_gmt,
    });
  }

  // Turning the news on made its menu (Notícias -> /noticias): that one is renamed and placed, not doubled.
  const existing = await api.get<MenuItem[]>("/api/menus");
  let menuItems = 0;
  for (const [position, item] of content.menu.items.entries()) {
    const values = { name: item.label, url: ourMenuUrl(item.url), enabled: true, position };
    const same = existing.find((menu) => menu.url === values.url);
    const parent = same
      ? await api.put<MenuItem>(`/api/menus/${same.id}`, values)
      : await api.post<MenuItem>("/api/menus", values);
    menuItems++;
    for (const [childPosition, child] of (item.children ?? []).entries()) {
      await api.post<MenuItem>("/api/menus", {
        name: child.label,
        url: ourMenuUrl(child.url),
        enabled: true,
        position: childPosition,
        parent_id: parent.id,
      });
      menuItems++;
    }
  }

  const front = content.pages.find((page) => page.front_page);
  const current = await api.get<SettingsView>("/api/settings");
  const final = await api.post<SettingsView>("/api/settings", {
    ...current,
    home_page_id: front ? (pages.get(front.slug) ?? null) : null,
  });

  api.signOut();
  const list = await api.get<{ data: PostView[] }>("/api/posts?per_page=10");
  if (list.data.length !== Math.min(10, content.posts.length)) {
    throw new Error(`GET /api/posts?per_page=10 lists ${list.data.length} posts after seeding ${content.posts.length}`);
  }
  console.error(
    `seed: ${pages.size} pages, ${content.posts.length} posts, ${menuItems} menu items, home "${front?.title ?? "default"}"`,
  );
  return { token, settings: final };
}
