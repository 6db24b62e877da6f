import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

/** An endpoint, as its method and path. */
type Call = readonly [method: string, path: string];

/**
 * Each call is for administrators only, and says so before reading its body: signed out it asks to sign in
 * (401), with a customer's token it is refused (403), both in pt-BR. `body` is what each call sends (by its
 * method), by default an empty object.
 */
export async function expectAdministratorsOnly(
  api: Pick<TestApp, "request">,
  customerToken: string,
  calls: readonly Call[],
  body: (method: string) => unknown = () => ({}),
): Promise<void> {
  for (const [method, path] of calls) {
    const signedOut = await api.request(method, path, { body: body(method) });
    expect(signedOut.status, `${method} ${path}`).toBe(401);
    expect(signedOut.json()).toEqual({ message: "Faça login para continuar." });
    const customer = await api.request(method, path, { token: customerToken, body: body(method) });
    expect(customer.status, `${method} ${path}`).toBe(403);
    expect(customer.json()).toEqual({ message: "Você não tem permissão para esta ação." });
  }
}
