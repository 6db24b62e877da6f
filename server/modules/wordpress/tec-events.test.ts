import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withTextsRead } from "../../../tests/support/import-texts.ts";
import { eventsOf } from "./tec-events.ts";
import { readWxr } from "./wxr-reader.ts";

/** The Events Calendar's documented items, written by tests/fixtures/wordpress/plugins-export.php. */
const PLUGINS_XML = readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/wordpress/plugins.xml"));

describe("The Events Calendar's events in our agenda", () => {
  it("an event with its venue: UTC times, place, address, category and picture", async () => {
    const { events } = eventsOf(await readWxr([PLUGINS_XML]));
    expect(await withTextsRead(events.find((event) => event.wpId === 310))).toEqual({
      wpId: 310,
      title: "Assembleia geral ordinária 2024",
      slug: "assembleia-geral-2024",
      status: "published",
      content: "<p>Prestação de contas e eleição do conselho.</p>",
      summary: "Todas as cooperadas convidadas.",
      tags: ["Assembleias"],
      imageId: 401,
      start_at: new Date("2024-04-20T12:00:00Z"),
      end_at: new Date("2024-04-20T15:30:00Z"),
      place_name: "Barracão da Cooperativa",
      place_address: "Travessa das Flores, 120, Abaetetuba/PA, 68440-000",
    });
  });

  it("local times without UTC copies are read on São Paulo's clock; a draft stays a draft; the trash is left out", async () => {
    const { events, skipped } = eventsOf(await readWxr([PLUGINS_XML]));
    const allDay = events.find((event) => event.wpId === 311);
    expect(allDay?.start_at.toISOString()).toBe("2024-05-11T03:00:00.000Z");
    expect(allDay?.end_at.toISOString()).toBe("2024-05-12T02:59:00.000Z");
    expect(allDay?.place_name).toBe("");
    expect(events.find((event) => event.wpId === 312)?.status).toBe("draft");
    expect(events.map((event) => event.wpId)).not.toContain(313);
    expect(skipped).toEqual([
      { wpId: 314, title: "Evento sem data", reason: "O evento não tem data de início legível." },
    ]);
  });
});
