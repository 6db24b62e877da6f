import { describe, expect, it } from "vitest";
import { expectDocumented } from "../../../tests/support/documented.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { home, joana, placeOrder, signUps } from "./test-fixtures.ts";

// Signing up and deleting the account are flows: server/flows/sign-up.test.ts, delete-account.test.ts.

const t = withTestApp({ env: { TRUST_PROXY: "true", BASE_URL: "https://coop.example" } });

const { registered } = signUps(t);

describe("PUT /api/profile with the customer's fields", () => {
  it("changes CPF or CNPJ, phone and organization, and keeps them when left out", async () => {
    const { token } = await registered();
    const body = { name: "Joana", email: joana.email, tax_id: "11.222.333/0001-81", phone: "(21) 99876-5432" };
    expect((await t.request("PUT", "/api/profile", { token, body })).status).toBe(200);
    expect((await t.request("PUT", "/api/profile", { token, body: { name: "Jo", email: joana.email } })).status).toBe(
      200,
    );
    expect((await t.request("GET", "/api/profile/account", { token })).json()).toMatchObject({
      name: "Jo",
      tax_id: "11222333000181",
      phone: "21998765432",
      organization: "",
    });
    const wrong = await t.request("PUT", "/api/profile", { token, body: { ...body, tax_id: "123" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: { tax_id: ["Informe um CPF ou CNPJ válido"] } });
  });
});

describe("saved addresses", () => {
  it("keeps one row per postal code, street and number, the latest first, ten at most", async () => {
    const { token, user } = await registered();
    const customers = t.services.customers;
    await customers.rememberAddress(user.id, home);
    await customers.rememberAddress(user.id, { ...home, street: "AVENIDA PAULISTA", complement: "apto 13" });
    let saved = await customers.addresses(user.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ street: "AVENIDA PAULISTA", complement: "apto 13" });

    for (let number = 1; number <= 11; number++) {
      await customers.rememberAddress(user.id, { ...home, number: String(number) });
    }
    saved = await customers.addresses(user.id);
    expect(saved.map((row) => row.number)).toEqual(["11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]);

    const listed = await t.request("GET", "/api/profile/addresses", { token });
    expect(listed.status).toBe(200);
    expectDocumented("get", "/api/profile/addresses", listed);
    expect(listed.json<{ number: string }[]>().map((row) => row.number)).toEqual(saved.map((row) => row.number));
  });

  it("lets only their owner delete one; another customer gets 404, a visitor 401", async () => {
    const owner = await registered();
    const other = await registered({ ...joana, email: "rui@example.com" });
    await t.services.customers.rememberAddress(owner.user.id, home);
    const [saved] = await t.services.customers.addresses(owner.user.id);
    const path = `/api/profile/addresses/${saved?.id}`;

    const stranger = await t.request("DELETE", path, { token: other.token });
    expect(stranger.status).toBe(404);
    expectDocumented("delete", "/api/profile/addresses/{id}", stranger);
    expect(stranger.json()).toEqual({ message: "Endereço não encontrado." });
    expect((await t.request("GET", "/api/profile/addresses", { token: other.token })).json()).toEqual([]);
    const anonymous = await t.request("DELETE", path);
    expect(anonymous.status).toBe(401);
    expect((await t.request("GET", "/api/profile/addresses")).status).toBe(401);
    expect(await t.services.customers.addresses(owner.user.id)).toHaveLength(1);

    expect((await t.request("DELETE", path, { token: owner.token })).status).toBe(204);
    expect(await t.services.customers.addresses(owner.user.id)).toEqual([]);
    expect((await t.request("DELETE", "/api/profile/addresses/abc", { token: owner.token })).status).toBe(400);
  });
});

describe("GET /api/profile/export", () => {
  it("downloads her account, addresses and orders with items and history, and no one else's", async () => {
    const joanaSession = await registered();
    const rui = await registered({ ...joana, email: "rui@example.com", name: "Rui" });
    await t.services.customers.rememberAddress(joanaSession.user.id, home);
    await t.services.customers.rememberAddress(rui.user.id, { ...home, street: "Rua do Rui" });
    const orderId = await placeOrder(t.database, joanaSession.user.id, joana.email, "pedido-joana");
    await placeOrder(t.database, rui.user.id, "rui@example.com", "pedido-rui");

    const response = await t.request("GET", "/api/profile/export", { token: joanaSession.token });
    expect(response.status).toBe(200);
    expectDocumented("get", "/api/profile/export", response);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const data = response.json<{
      account: Record<string, unknown>;
      addresses: { street: string }[];
      orders: { id: number; items: unknown[]; history: unknown[]; customer: Record<string, unknown> }[];
    }>();
    expect(data.account).toMatchObject({ email: joana.email, tax_id: "52998224725" });
    expect(data.addresses.map((row) => row.street)).toEqual(["Avenida Paulista"]);
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(data.orders[0]?.items).toEqual([
      expect.objectContaining({
        name: "Mel",
        variant: "",
        sku: "",
        unit_price_cents: 1500,
        quantity: 2,
        total_cents: 3000,
      }),
    ]);
    expect(data.orders[0]?.history).toEqual([
      { from: null, to: "pending", actor: "Joana Lima", note: "", at: expect.any(String) },
    ]);
    expect(JSON.stringify(data)).not.toContain("Rui");

    expect((await t.request("GET", "/api/profile/export")).status).toBe(401);
  });
});
