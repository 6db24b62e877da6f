import type { Context } from "hono";
import { Hono } from "hono";
import { invalid } from "../../../common/errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { requireUser } from "../../kernel/access.ts";
import type { FormPart } from "./uploads-service.ts";

/** The values of one multipart field, in the order they came. */
async function readParts(c: Context<AppEnv>, field: string): Promise<FormPart[]> {
  if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw invalid(`Envie o arquivo como multipart/form-data, no campo ${field}.`);
  }
  let form: Record<string, FormPart | FormPart[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw invalid("Não foi possível ler o formulário enviado.");
  }
  const value = form[field];
  return value === undefined ? [] : [value].flat();
}

// Any signed-in user may upload, as for images; the actor is checked first, so an anonymous
// client gets its 401 without us parsing a multipart body.
export const uploadsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/images", async (c) => {
    const actor = requireUser(c.get("actor"));
    const image = await c.get("services").uploads.storeImage(actor, await readParts(c, "file"));
    return c.json(image, 201);
  })
  .post("/documents", async (c) => {
    const actor = requireUser(c.get("actor"));
    const document = await c.get("services").uploads.storeDocument(actor, await readParts(c, "file"));
    return c.json(document, 201);
  });
