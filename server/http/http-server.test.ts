import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server.ts";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function get(port: number, agent: http.Agent): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on("error", reject);
  });
}

describe("the HTTP server", () => {
  it("keeps an idle keep-alive connection open past Node's 5 s default, so a client reusing it is answered", async () => {
    server = createHttpServer();
    server.on("request", (_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(port, agent)).toEqual({ status: 200, reused: false });
      await sleep(6_000);
      expect(await get(port, agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });
});
