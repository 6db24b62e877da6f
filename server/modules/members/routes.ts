import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { listQuerySchema } from "../../../common/pagination.ts";
import {
  duePaymentSchema,
  dueWaiverSchema,
  memberApplicationSchema,
  memberImportSchema,
  memberListQuerySchema,
  memberSchema,
  memberSettingsSchema,
  memberStatusChangeSchema,
  planSchema,
  verificationCodeSchema,
} from "../../../common/schemas/members.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly, signedIn } from "../../http/guards.ts";
import { readBody, readId, readParams, readQuery } from "../../http/input.ts";

/** Asaas's events are a charge and a few fields; anything much larger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** Asaas's webhook address, whose body limit is its own (server/http/app.ts leaves it to this route). */
export const ASAAS_WEBHOOK_PATH = "/api/members/asaas/webhook";

/**
 * Refused as soon as it says or proves to be larger than an event: by its Content-Length, or, sent in chunks,
 * once the bytes read pass the limit, never read whole.
 */
const webhookBodyLimit = bodyLimit({
  maxSize: MAX_WEBHOOK_BYTES,
  onError: (c) => c.json({ message: "Aviso do Asaas grande demais." }, 413),
});

/**
 * The members: the register, the plans and the dues (administrators), one's own membership (signed in), what
 * a member card's QR opens (everyone), and Asaas's webhook (no session: its token).
 */
export const membersRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/asaas/webhook", webhookBodyLimit, async (c) => {
    const body = await c.req.text();
    const answer = await c.get("services").members.receiveAsaasWebhook({ headers: c.req.raw.headers, body });
    return c.json(answer.body, answer.status);
  })
  .get("/verify/:code", async (c) => {
    const { code } = readParams(c, verificationCodeSchema);
    return c.json(await c.get("services").members.verify(code));
  })
  .post("/applications", async (c) => {
    const input = await readBody(c, memberApplicationSchema);
    return c.json(await c.get("services").members.apply(c.get("actor"), input, c.get("clientAddress")), 201);
  })
  .get("/offered-plans", async (c) => c.json(await c.get("services").members.offeredPlans()))
  .get("/dues/:due/receipt", signedIn, async (c) =>
    c.json(await c.get("services").members.receipt(c.get("actor"), readId(c, "due"))),
  )
  .get("/me", signedIn, async (c) => c.json(await c.get("services").members.mine(c.get("actor"))))
  .post("/dues/run", adminOnly, async (c) => c.json(await c.get("services").members.runDuesNow(c.get("actor"))))
  .get("/dashboard", adminOnly, async (c) => c.json(await c.get("services").members.dashboard(c.get("actor"))))
  .get("/settings", adminOnly, async (c) => c.json(await c.get("services").members.settings(c.get("actor"))))
  .put("/settings", adminOnly, async (c) => {
    const input = await readBody(c, memberSettingsSchema);
    return c.json(await c.get("services").members.saveSettings(c.get("actor"), input));
  })
  .get("/plans", adminOnly, async (c) => c.json(await c.get("services").members.listPlans(c.get("actor"))))
  .post("/plans", adminOnly, async (c) => {
    const input = await readBody(c, planSchema);
    return c.json(await c.get("services").members.createPlan(c.get("actor"), input), 201);
  })
  .get("/plans/:id", adminOnly, async (c) => c.json(await c.get("services").members.getPlan(c.get("actor"), readId(c))))
  .put("/plans/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, planSchema);
    return c.json(await c.get("services").members.updatePlan(c.get("actor"), id, input));
  })
  .delete("/plans/:id", adminOnly, async (c) => {
    await c.get("services").members.removePlan(c.get("actor"), readId(c));
    return c.body(null, 204);
  })
  .get("/export.csv", adminOnly, async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, memberListQuerySchema) };
    const csv = await c.get("services").members.exportCsv(c.get("actor"), query);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="associados.csv"');
    c.header("Cache-Control", "no-store");
    return c.body(csv);
  })
  .post("/import/preview", adminOnly, async (c) => {
    const { csv } = await readBody(c, memberImportSchema);
    return c.json(await c.get("services").members.previewImport(c.get("actor"), csv));
  })
  .post("/import", adminOnly, async (c) => {
    const { csv } = await readBody(c, memberImportSchema);
    return c.json(await c.get("services").members.importMembers(c.get("actor"), csv));
  })
  .get("/", adminOnly, async (c) => {
    const query = { ...readQuery(c, listQuerySchema), ...readQuery(c, memberListQuerySchema) };
    return c.json(await c.get("services").members.list(c.get("actor"), query));
  })
  .post("/", adminOnly, async (c) => {
    const input = await readBody(c, memberSchema);
    return c.json(await c.get("services").members.create(c.get("actor"), input), 201);
  })
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").members.get(c.get("actor"), readId(c))))
  .put("/:id", adminOnly, async (c) => {
    const id = readId(c);
    const input = await readBody(c, memberSchema);
    return c.json(await c.get("services").members.update(c.get("actor"), id, input));
  })
  .delete("/:id", adminOnly, async (c) => {
    await c.get("services").members.remove(c.get("actor"), readId(c));
    return c.body(null, 204);
  })
  .post("/:id/status", adminOnly, async (c) => {
    const id = readId(c);
    const change = await readBody(c, memberStatusChangeSchema);
    return c.json(await c.get("services").members.changeStatus(c.get("actor"), id, change));
  })
  .post("/:id/dues/:due/payment", adminOnly, async (c) => {
    const [id, due] = [readId(c), readId(c, "due")];
    const payment = await readBody(c, duePaymentSchema);
    await c.get("services").members.recordPayment(c.get("actor"), id, due, payment);
    return c.json(await c.get("services").members.get(c.get("actor"), id));
  })
  .post("/:id/dues/:due/waiver", adminOnly, async (c) => {
    const [id, due] = [readId(c), readId(c, "due")];
    const waiver = await readBody(c, dueWaiverSchema);
    await c.get("services").members.waiveDue(c.get("actor"), id, due, waiver);
    return c.json(await c.get("services").members.get(c.get("actor"), id));
  });
