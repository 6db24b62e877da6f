import { readPreviousTitle } from "./every-page.ts";
import { jsonOf, test } from "./fixtures.ts";

/** every-page.setup.ts gave the configured site a very long title: it gets its own back. */
test("give the site its title back", async ({ api }) => {
  const previousTitle = readPreviousTitle();
  if (previousTitle === null) return;
  const settings = await jsonOf<Record<string, unknown>>(await api.get("/api/settings"));
  await jsonOf(await api.post("/api/settings", { data: { ...settings, title: previousTitle } }));
});
