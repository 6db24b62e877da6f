import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import { contactListQuerySchema, contactReadSchema, contactSchema } from "../../../common/schemas/contact.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";

export const contactsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/contact", async (c) => {
    const input = await readBody(c, contactSchema);
    await c.get("services").contacts.send(input, c.get("clientAddress"));
    return c.json({ message: "Sua mensagem foi enviado. Em breve entraremos em contato. Obrigado!" }, 201);
  })
  .get("/", adminOnly, async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, contactListQuerySchema) };
    return c.json(await c.get("services").contacts.list(c.get("actor"), query));
  })
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").contacts.open(c.get("actor"), readId(c))))
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const { read } = await readBody(c, contactReadSchema);
    return c.json(await c.get("services").contacts.setRead(c.get("actor"), id, read));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").contacts.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  });
