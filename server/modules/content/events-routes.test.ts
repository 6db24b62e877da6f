import { describe, expect, it } from "vitest";
import type { Paginated } from "../../../common/pagination.ts";
import type { EventView } from "../../../common/views/content.ts";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";

const t = withTestApp({ setUp: true });

const HOUR = 3600_000;

async function create(body: Record<string, unknown>): Promise<EventView> {
  const response = await t.request("POST", "/api/events", {
    token: t.superToken,
    body: { status: "published", ...body },
  });
  if (response.status !== 201) throw new Error(`event create failed: ${JSON.stringify(response.body)}`);
  expectDocumented("post", "/api/events", response);
  return response.json<EventView>();
}

/** An event starting and ending so many hours from now. */
const fromNow = (title: string, start: number, end: number, extra: Record<string, unknown> = {}) =>
  create({
    title,
    start_at: new Date(Date.now() + start * HOUR).toISOString(),
    end_at: new Date(Date.now() + end * HOUR).toISOString(),
    ...extra,
  });

const titles = async (query = "", auth?: string) => {
  const response = await t.request("GET", `/api/events${query}`, { token: auth });
  expect(response.status, query).toBe(200);
  expectDocumented("get", "/api/events", response);
  return response.json<Paginated<EventView>>().data.map((event) => event.title);
};

describe("events", () => {
  it("keep the exact instant: 23:30 in São Paulo is stored and answered as 02:30Z the next day", async () => {
    const event = await create({
      title: "Assembleia",
      start_at: "2030-03-10T23:30:00-03:00",
      end_at: "2030-03-11T00:30:00-03:00",
      place_name: "Sede",
      online_url: "https://meet.example/abc",
    });
    expect(event).toMatchObject({
      start_at: "2030-03-11T02:30:00.000Z",
      end_at: "2030-03-11T03:30:00.000Z",
      place_name: "Sede",
      place_address: "",
      online_url: "https://meet.example/abc",
      url: "/agenda/assembleia",
    });
    const read = await t.request("GET", "/api/events/assembleia");
    expectDocumented("get", "/api/events/{idOrSlug}", read);
    expect(read.json()).toEqual(event);
    const updated = await t.request("PUT", `/api/events/${event.id}`, {
      token: t.superToken,
      body: {
        title: "Assembleia",
        slug: "assembleia",
        start_at: "2030-03-11T02:45:00Z",
        end_at: "2030-03-11T04:00:00Z",
      },
    });
    expectDocumented("put", "/api/events/{id}", updated);
    expect(updated.json()).toMatchObject({ start_at: "2030-03-11T02:45:00.000Z", status: "draft" });
    expect((await t.request("GET", "/api/events/assembleia")).status).toBe(404);
    expect((await t.request("DELETE", `/api/events/${event.id}`, { token: t.superToken })).status).toBe(204);
  });

  it("refuse an end before the start and bad dates with field errors", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "X", start_at: "2030-01-02T10:00:00Z", end_at: "2030-01-01T10:00:00Z" }, "end_at"],
      [{ title: "X", start_at: "amanhã", end_at: "2030-01-01T10:00:00Z" }, "start_at"],
      [{ title: "X", start_at: "2030-01-01T10:00:00Z" }, "end_at"],
      [
        { title: "X", start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T11:00:00Z", online_url: "ftp://x" },
        "online_url",
      ],
    ];
    for (const [body, field] of cases) {
      const response = await t.request("POST", "/api/events", { token: t.superToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expectDocumented("post", "/api/events", response);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty(field);
    }
    for (const query of ["?when=amanha", "?sort=x"])
      expect((await t.request("GET", `/api/events${query}`)).status).toBe(400);
  });

  it("list upcoming events soonest first, then past ones latest first, across pages", async () => {
    await fromNow("Passado", -48, -46, { tags: ["feira"] });
    await fromNow("Acontecendo", -1, 1, { tags: ["feira"] });
    await fromNow("Semana que vem", 168, 170);
    await fromNow("Amanhã", 24, 26, { tags: ["feira"] });
    await fromNow("Há uma hora", -3, -1);
    await fromNow("Rascunho", 2, 3, { status: "draft" });
    const agenda = ["Acontecendo", "Amanhã", "Semana que vem", "Há uma hora", "Passado"];
    expect(await titles()).toEqual(agenda);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await titles(`?per_page=2&page=${page}`)));
    expect(pages).toEqual(agenda);
    expect(await titles("?when=upcoming")).toEqual(agenda.slice(0, 3));
    expect(await titles("?when=past")).toEqual(agenda.slice(3));
    expect(await titles("?tag=feira&when=upcoming")).toEqual(["Acontecendo", "Amanhã"]);
    expect(await titles("?when=upcoming", t.superToken)).toEqual([
      "Acontecendo",
      "Rascunho",
      "Amanhã",
      "Semana que vem",
    ]);
    expect(await titles("?sort=date_asc")).toEqual([
      "Passado",
      "Há uma hora",
      "Acontecendo",
      "Amanhã",
      "Semana que vem",
    ]);
    const tags = await t.request("GET", "/api/events/tags");
    expectDocumented("get", "/api/events/tags", tags);
    expect(tags.json()).toEqual([{ tag: "feira", count: 3 }]);
  });

  it("search ignoring accents", async () => {
    await fromNow("Mutirão agroecológico", 5, 6);
    await fromNow("Reunião da cooperativa", 7, 8);
    expect(await titles("?q=mutirao+agroecologico")).toEqual(["Mutirão agroecológico"]);
    expect(await titles("?q=cooperativas")).toEqual(["Reunião da cooperativa"]);
  });
});
