import { Hono } from "hono";
import type { AppEnv } from "../../http/env.ts";

/** A CEP's address for the checkout form, and a state's cities (anyone, while the shop is open). */
export const addressRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/address/:cep", async (c) =>
    c.json(await c.get("services").addressLookup.find(c.get("actor"), c.req.param("cep"), c.get("clientAddress"))),
  )
  .get("/states/:uf/cities", async (c) => {
    const answer = await c.get("services").addressLookup.cities(c.get("actor"), c.req.param("uf"));
    // The IBGE's list changes with a new release of the package, not between requests.
    c.header("Cache-Control", "public, max-age=86400");
    return c.json(answer);
  });
