import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectPath, jsonOf } from "./fixtures.ts";

type List<T> = { data: T[] };

/** The one record of `kind` (pages, posts, events, users...) the REST API's search finds for `query`, read whole. */
export async function findOne<T>(api: APIRequestContext, kind: string, query: string): Promise<T> {
  const { data } = await jsonOf<List<{ id: number }>>(await api.get(`/api/${kind}?q=${encodeURIComponent(query)}`));
  expect(data, `${kind} matching ${query}`).toHaveLength(1);
  const [found] = data;
  if (!found) throw new Error(`no ${kind} matching ${query}`);
  return jsonOf<T>(await api.get(`/api/${kind}/${found.id}`));
}

/**
 * Signs the page's browser in through the REST API, which answers with the session cookie: for stories that check
 * what a signed-in person sees, not the sign-in form.
 */
export async function signInThroughApi(page: Page, account: { email: string; password: string }): Promise<void> {
  const answer = await page
    .context()
    .request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  await jsonOf(answer);
}

/** Signs in through the login form's plain post (the page has no JavaScript) and lands on `to`. */
export async function signInWithoutJavaScript(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  const form = page.getByRole("form", { name: "Entrar" });
  await form.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await form.getByRole("button", { name: "Entrar" }).click();
  await expectPath(page, to);
  // The address changes when the new page starts arriving: a caller that reads the page without waiting
  // (allTextContents) would read half of it.
  await page.waitForLoadState("load");
}
