import { describe, expect, it } from "vitest";
import { menuSchema } from "../common/schemas/menu.ts";
import { createTestServices } from "../tests/support/test-services.ts";
import { withTestServices } from "../tests/support/with-test-services.ts";
import type { Actor } from "./kernel/access.ts";
import type { Services } from "./services.ts";

const t = withTestServices();

const admin: Actor = { id: 1, name: "Ana", email: "ana@example.com", role: "admin" };
const menu = (name: string) => menuSchema.parse({ name, url: `/${name.toLowerCase()}` });
const headerNames = async (on: Services) => (await on.menus.listEnabled()).map((item) => item.name);

describe("work across areas in one transaction", () => {
  it("sees its own writes, and the process's cached reads change only once it commits", async () => {
    expect(await headerNames(t.services)).toEqual([]);
    await t.services.transaction(async (tx) => {
      await tx.menus.create(admin, menu("Contato"));
      expect(await headerNames(tx)).toEqual(["Contato"]);
    });
    expect(await headerNames(t.services)).toEqual(["Contato"]);
  });

  it("leaves nothing behind when a later step fails, and the cache keeps the committed state", async () => {
    await t.services.menus.create(admin, menu("Sobre"));
    expect(await headerNames(t.services)).toEqual(["Sobre"]);
    const failing = t.services.transaction(async (tx) => {
      await tx.menus.create(admin, menu("Loja"));
      throw new Error("pagamento recusado");
    });
    await expect(failing).rejects.toThrow("pagamento recusado");
    expect(await headerNames(t.services)).toEqual(["Sobre"]);
    expect(await headerNames(createTestServices(t.database))).toEqual(["Sobre"]);
  });

  it("rolls back an inner step alone when the caller catches its failure", async () => {
    await t.services.transaction(async (tx) => {
      await tx.menus.create(admin, menu("Agenda"));
      const inner = tx.transaction(async (nested) => {
        await nested.menus.create(admin, menu("Loja"));
        throw new Error("sem estoque");
      });
      await expect(inner).rejects.toThrow("sem estoque");
    });
    expect(await headerNames(t.services)).toEqual(["Agenda"]);
  });
});
