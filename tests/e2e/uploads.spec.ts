import type { Page } from "@playwright/test";
import { expect, login, test } from "./fixtures.ts";

// Uploaded files are public under /files, so only those who publish (administrators, supers) upload. A
// customer, who may sign herself up, is refused on the path the account forms and the editor's images
// use (app/lib/upload-client.ts: a same-origin request with her session cookie).

/** What the account forms' upload client would get for a small PNG, sent from the signed-in page. */
async function uploadFromPage(page: Page, path: string) {
  return page.evaluate(async (address) => {
    // The smallest valid PNG: 1x1, transparent.
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
      (char) => char.charCodeAt(0),
    );
    const body = new FormData();
    body.append("file", new File([png], "foto.png", { type: "image/png" }));
    const response = await fetch(address, { method: "POST", body, credentials: "same-origin" });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }, path);
}

test("a customer cannot upload images or documents; an administrator can", async ({ page, createUser }) => {
  const customer = await createUser("user");
  await login(page, customer.email, customer.password);
  for (const path of ["/api/uploads/images", "/api/uploads/documents"]) {
    expect(await uploadFromPage(page, path)).toEqual({
      status: 403,
      body: { message: "Você não tem permissão para esta ação." },
    });
  }
  await page.context().clearCookies();

  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const stored = await uploadFromPage(page, "/api/uploads/images");
  expect(stored.status).toBe(201);
});
