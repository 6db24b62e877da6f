import { describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import type { ContentView } from "../../../common/views/content.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

const HOUR = 3600_000;

/** Each content kind's REST path, a published item's fields (events need their start and end) and a new title. */
const kinds = [
  { path: "/api/pages", fields: () => ({ title: "Sobre" }), renamed: "Sobre nós" },
  { path: "/api/posts", fields: () => ({ title: "Notícia" }), renamed: "Notícia corrigida" },
  {
    path: "/api/events",
    fields: () => ({
      title: "Feira",
      start_at: new Date(Date.now() + HOUR).toISOString(),
      end_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    }),
    renamed: "Feira de inverno",
  },
];

describe.each(kinds)("$path access", ({ path: collection, fields, renamed }) => {
  it("lets only administrators write, checking permission before the body", async () => {
    const body = { ...fields(), status: "published" };
    const created = await t.request("POST", collection, { token: t.superToken, body });
    expect(created.status).toBe(201);
    expectDocumented("post", collection, created);
    const item = created.json<ContentView>();
    const customer = await t.createUser("user", t.superToken);
    const calls = [
      ["POST", collection],
      ["PUT", `${collection}/${item.id}`],
      ["DELETE", `${collection}/${item.id}`],
    ] as const;
    // A body no schema takes, one that is not JSON, and an empty one: refused alike, before they are read.
    for (const body of [{ title: "" }, "{not json", {}]) {
      await expectAdministratorsOnly(t, customer.token, calls, () => body);
    }
    const admin = await t.createUser("admin", t.superToken);
    const updated = await t.request("PUT", `${collection}/${item.id}`, {
      token: admin.token,
      body: { ...body, title: renamed },
    });
    expect(updated.status).toBe(200);
    const list = await t.request("GET", collection);
    expect(list.status).toBe(200);
    expectDocumented("get", collection, list);
    expect(list.json<Paginated<ContentView>>().data.map((view) => view.title)).toEqual([renamed]);
  });
});
