import { Hono } from "hono";
import { listQuerySchema } from "../../../common/pagination.ts";
import {
  TWO_FACTOR_RESET_DONE,
  userCreateSchema,
  userListQuerySchema,
  userUpdateSchema,
} from "../../../common/schemas/user.ts";
import { updateUser } from "../../flows/accounts.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readBody, readId, readQuery } from "../../http/input.ts";

export const usersRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .use(adminOnly)
  .get("/", async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, userListQuerySchema) };
    return c.json(await c.get("services").users.list(c.get("actor"), query));
  })
  .post("/", async (c) => {
    const input = await readBody(c, userCreateSchema);
    return c.json(await c.get("services").users.create(c.get("actor"), input), 201);
  })
  .get("/:id", async (c) => c.json(await c.get("services").users.get(c.get("actor"), readId(c))))
  .put("/:id", async (c) => {
    const services = c.get("services");
    const id = readId(c);
    const input = await readBody(c, userUpdateSchema);
    return c.json(await updateUser(services, c.get("actor"), id, input, c.get("sessionToken")));
  })
  .delete("/:id", async (c) => {
    await c.get("services").users.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  })
  .post("/:id/two-factor/reset", async (c) => {
    await c.get("services").auth.resetTwoFactorOf(c.get("actor"), readId(c));
    return c.json({ message: TWO_FACTOR_RESET_DONE });
  });
