import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createEventBus } from "./events.ts";

describe("the event bus", () => {
  it("delivers an announcement to each of its listeners, in order, and to no other", () => {
    const bus = createEventBus(pino({ level: "silent" }));
    const heard: string[] = [];
    bus.on("pages.changed", () => heard.push("menus"));
    bus.on("pages.changed", () => heard.push("page cache"));
    bus.on("medias.changed", () => heard.push("filters"));
    bus.deliver({ name: "pages.changed", payload: undefined });
    expect(heard).toEqual(["menus", "page cache"]);
  });

  it("logs a failing listener and still runs the others", () => {
    const logged: unknown[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => logged.push(JSON.parse(line)) });
    const bus = createEventBus(logger);
    const heard: string[] = [];
    bus.on("settings.changed", () => {
      throw new Error("cache fora do ar");
    });
    bus.on("settings.changed", () => heard.push("menus"));
    bus.deliver({ name: "settings.changed", payload: undefined });
    expect(heard).toEqual(["menus"]);
    expect(logged).toEqual([expect.objectContaining({ msg: "event listener failed", event: "settings.changed" })]);
  });

  it("keeps a queued e-mail from the listeners of every change (the page cache), but not from its own", () => {
    const bus = createEventBus(pino({ level: "silent" }));
    const heard: string[] = [];
    bus.onEvery((event) => heard.push(`every ${event?.name}`));
    bus.on("mail.queued", () => heard.push("sender"));
    bus.deliver({ name: "mail.queued", payload: undefined });
    bus.deliver({ name: "orders.changed", payload: { id: 1 } });
    expect(heard).toEqual(["sender", "every orders.changed"]);
  });

  it("tells every listener, with no payload, when changes may have been missed", () => {
    const bus = createEventBus(pino({ level: "silent" }));
    const heard: string[] = [];
    bus.on("settings.changed", (payload) => heard.push(`settings ${payload}`));
    bus.on("orders.changed", (payload) => heard.push(`orders ${payload?.id ?? "?"}`));
    bus.onEvery((event) => heard.push(`every ${event?.name ?? "?"}`));
    bus.deliverMissed();
    expect(heard).toEqual(["settings null", "orders ?", "every ?"]);
  });
});
