import type { APIRequestContext, Browser } from "@playwright/test";
import { PAULISTA_ADDRESS } from "../support/shop-fixture.ts";
import { cpfOf } from "../support/tax-ids.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { expectReadable } from "./axe.ts";
import {
  type Account,
  enablePostsAndEvents,
  expect,
  expectPath,
  jsonOf,
  login,
  siteUrl,
  test,
  uniqueId,
} from "./fixtures.ts";

/*
 * "Somente associados" as people meet it on the configured site: a visitor finds the item listed with its
 * notice and the way to sign in, a member in good standing reads it, the visitor after her gets the notice
 * (never her page from the page cache), and a member suspended loses it on her next visit. Both widths,
 * axe, and without JavaScript.
 */

type Post = { id: number; slug: string; url: string; title: string };
type MemberDetail = { member: { id: number } };

const SECRET = "pautasecretadoconselho";
const NOTICE = "Conteúdo para associados";

/** A plan, and a member on it in good standing linked to `account` by her e-mail. */
async function memberOf(api: APIRequestContext, account: Account, id: string): Promise<number> {
  const plan = await jsonOf<{ id: number }>(
    await api.post("/api/members/plans", {
      data: {
        name: `Plano ${id}`,
        amount_cents: 3000,
        cycle: "mensal",
        due_day: 10,
        grace_days: 5,
        suspend_after: 3,
        active: true,
      },
    }),
    201,
  );
  const detail = await jsonOf<MemberDetail>(
    await api.post("/api/members", {
      data: {
        kind: "pessoa",
        name: `Bia Associada ${id}`,
        tax_id: cpfOf(Number.parseInt(id.slice(-7), 36) % 999_999_999),
        email: account.email,
        phone: "(81) 99999-1234",
        address: { ...PAULISTA_ADDRESS, complement: "" },
        born_on: "1980-05-17",
        admitted_on: "",
        notes: "",
        plan_id: plan.id,
      },
    }),
    201,
  );
  return detail.member.id;
}

async function membersOnlyPost(api: APIRequestContext, id: string): Promise<Post> {
  await enablePostsAndEvents(api);
  return jsonOf<Post>(
    await api.post("/api/posts", {
      data: {
        title: `Ata do conselho ${id}`,
        summary: `Resumo reservado ${id}`,
        content: `<p>A pauta: ${SECRET}.</p>`,
        status: "published",
        members_only: true,
        tags: [`reservado-${id}`],
      },
    }),
    201,
  );
}

const visitorContext = (browser: Browser, width: number, javaScriptEnabled = true) =>
  browser.newContext({
    baseURL: siteUrl(),
    viewport: { width, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    javaScriptEnabled,
  });

test("a visitor meets a members-only news item as a notice, a member reads it, the visitor after her gets the notice again", async ({
  browser,
  api,
  createUser,
  playwright,
}) => {
  const id = uniqueId();
  const account = await createUser("user");
  const memberId = await memberOf(api, account, id);
  const post = await membersOnlyPost(api, id);

  // Her reading first, right after the change that emptied the page cache.
  const memberContext = await visitorContext(browser, 1280);
  const memberPage = await memberContext.newPage();
  await login(memberPage, account.email, account.password);
  const opened = await memberPage.goto(post.url);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  expect(opened?.headers()["x-page-cache"]).toBeUndefined();
  await expect(memberPage.getByRole("heading", { name: post.title, level: 1 })).toBeVisible();
  await expect(memberPage.getByText(SECRET)).toBeVisible();
  await expect(memberPage.getByText("Para associados", { exact: true })).toBeVisible();
  await expect(memberPage.getByText(NOTICE)).toHaveCount(0);

  // The visitors after her: the public version, stored once and then answered from the cache.
  const visitor = await playwright.request.newContext({ baseURL: siteUrl() });
  for (const expected of ["miss", "hit"]) {
    const answer = await visitor.get(post.url);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-page-cache"]).toBe(expected);
    const html = await answer.text();
    expect(html).not.toContain(SECRET);
    expect(html).not.toContain(`Resumo reservado ${id}`);
    expect(html).toContain(NOTICE);
  }
  // Nor in the feeds, the sitemap, the search or the API.
  for (const path of [
    "/noticias/rss.xml",
    "/sitemap.xml",
    `/busca?q=${SECRET}`,
    "/api/posts",
    "/api/search?q=conselho",
  ])
    expect(await (await visitor.get(path)).text(), path).not.toContain(post.url);
  expect((await visitor.get(`/api/posts/${post.slug}`)).status()).toBe(404);
  await visitor.dispose();

  for (const width of [375, 1280]) {
    const context = await visitorContext(browser, width);
    const page = await context.newPage();
    await page.goto("/noticias");
    const card = page.getByRole("article").filter({ hasText: post.title });
    await expect(card.getByText("Para associados", { exact: true })).toBeVisible();
    await expect(card.getByText("Conteúdo para associados em dia.")).toBeVisible();
    await expectReadable(page, width);
    await card.getByRole("link", { name: post.title }).click();
    await expectPath(page, post.url);
    const notice = page.getByRole("region", { name: NOTICE });
    await expect(notice).toContainText("Este conteúdo é só para associados em dia. Entre para ler.");
    await expect(page.getByText(SECRET)).toHaveCount(0);
    await expectReadable(page, width);
    if (width === 375) {
      // She signs in from the notice and comes back to the item, now open.
      await notice.getByRole("link", { name: "Entrar" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
      await login(page, account.email, account.password);
      await expectPath(page, post.url);
      await expect(page.getByText(SECRET)).toBeVisible();
      await expectReadable(page, width);
    }
    await context.close();
  }

  // Suspended, she loses it on her next visit, and is told where her membership stands.
  await jsonOf(
    await api.post(`/api/members/${memberId}/status`, { data: { status: "suspenso", reason: "Teste de acesso" } }),
  );
  await memberPage.reload();
  const notice = memberPage.getByRole("region", { name: NOTICE });
  await expect(notice).toContainText("Sua conta não tem uma associação em dia.");
  await expect(notice.getByRole("link", { name: "Ver minha associação" })).toHaveAttribute(
    "href",
    "/conta/minha-associacao",
  );
  await expect(memberPage.getByText(SECRET)).toHaveCount(0);
  await expectReadable(memberPage, 1280);
  await memberContext.close();
});

test.describe("without JavaScript", () => {
  test("the notice is in the page as sent, and a member signed in without JavaScript reads the item", async ({
    browser,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const account = await createUser("user");
    await memberOf(api, account, id);
    const post = await membersOnlyPost(api, id);
    const context = await visitorContext(browser, 375, false);
    const page = await context.newPage();
    await page.goto(post.url);
    const notice = page.getByRole("region", { name: NOTICE });
    await expect(notice.getByRole("link", { name: "Entrar" })).toHaveAttribute(
      "href",
      `/login?redirectTo=${encodeURIComponent(post.url)}`,
    );
    await expect(page.getByText(SECRET)).toHaveCount(0);
    await expectReadable(page, 375, false);
    await signInWithoutJavaScript(page, account.email, account.password, post.url);
    await expect(page.getByText(SECRET)).toBeVisible();
    await expectReadable(page, 375, false);
    await context.close();
  });
});
