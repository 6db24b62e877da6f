import { expect, jsonOf, test, uniqueId } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

/** Which thread rendered an answer: render workers sign theirs (server/render/render-worker.ts). */
const renderedBy = (headers: Record<string, string>) =>
  /render;desc="worker \d+"/.test(headers["server-timing"] ?? "") ? "worker" : "main thread";

test("once visitors keep the server busy, their pages are rendered on another core, and show an edit made a moment before", async ({
  playwright,
  api,
}) => {
  const id = uniqueId();
  const slug = `nucleo-${id}`;
  const created = await jsonOf<{ id: number }>(
    await api.post("/api/pages", { data: { title: `Antes ${id}`, slug, content: "<p>x</p>", status: "published" } }),
    201,
  );
  const visitor = await playwright.request.newContext({ baseURL: CONFIGURED_URL });
  try {
    // A worker starts only while the main thread is busy: bursts of pages at fresh addresses (so the
    // page cache cannot answer instead) until one of them comes from it.
    let attempt = 0;
    const burst = async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => visitor.get(`/${slug}?carga=${attempt++}`)));
      return answers.some((answer) => renderedBy(answer.headers()) === "worker") ? "worker" : "main thread";
    };
    await expect.poll(burst, { timeout: 30_000 }).toBe("worker");
    const before = await visitor.get(`/${slug}`);
    expect(before.status()).toBe(200);
    expect(renderedBy(before.headers())).toBe("worker");
    expect(await before.text()).toContain(`Antes ${id}`);

    const edited = await api.put(`/api/pages/${created.id}`, {
      data: { title: `Depois ${id}`, slug, content: "<p>x</p>", status: "published" },
    });
    expect(edited.status()).toBe(200);
    const after = await visitor.get(`/${slug}`);
    expect(renderedBy(after.headers())).toBe("worker");
    const html = await after.text();
    expect(html).toContain(`Depois ${id}`);
    expect(html).not.toContain(`Antes ${id}`);

    // A signed-in person's page is made on the main thread, beside the sessions.
    const account = await api.get("/conta", { headers: { Accept: "text/html" } });
    expect(account.status()).toBe(200);
    expect(renderedBy(account.headers())).toBe("main thread");
  } finally {
    await visitor.dispose();
    await api.delete(`/api/pages/${created.id}`);
  }
});
