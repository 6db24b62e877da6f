import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, SUPER, type TestApp } from "../../../tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const setupBody = { ...SUPER, password_confirmation: SUPER.password };

describe("first-time setup", () => {
  it("answers null before setup, creates settings and a super user once, then refuses with 409", async () => {
    expect((await t.request("GET", "/api/settings")).body).toBeNull();
    const created = await t.request("POST", "/api/settings/setup", { body: setupBody });
    expect(created.status).toBe(201);
    expect(created.json()).toMatchObject({
      title: SUPER.title,
      primary_color: "#523d38",
      secondary_color: "#e1846d",
      font: "Montserrat",
    });
    expect(created.json<{ features: Record<string, { enabled: boolean }> }>().features.posts).toEqual({
      title: "Notícias",
      url: "/noticias",
      enabled: false,
    });

    const token = await t.login(SUPER.email, SUPER.password);
    const profile = await t.request("GET", "/api/profile", { token });
    expect(profile.json()).toMatchObject({ name: SUPER.admin_name, email: SUPER.email, role: "super" });

    const again = await t.request("POST", "/api/settings/setup", { body: setupBody });
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({ message: "O site já foi configurado." });
  });

  it("refuses a mismatched confirmation with the spec's pt-BR text", async () => {
    const response = await t.request("POST", "/api/settings/setup", {
      body: { ...setupBody, password_confirmation: "outra" },
    });
    expect(response.status).toBe(400);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.password_confirmation).toEqual([
      "As senhas digitadas não conferem",
    ]);
    expect((await t.request("GET", "/api/settings")).body).toBeNull();
  });
});
