import type { Context } from "hono";
import { Hono } from "hono";
import { invalid } from "../../../common/errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
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

// Those who publish upload (the files are public under /files): the guard runs first, so anyone else
// gets a 401 or 403 without us parsing a multipart body. Each upload is in the audit log.
export const uploadsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/images", adminOnly, async (c) => {
    const parts = await readParts(c, "file");
    return c.json(await c.get("services").uploads.storeImage(c.get("actor"), parts, { audit: true }), 201);
  })
  .post("/documents", adminOnly, async (c) => {
    const parts = await readParts(c, "file");
    return c.json(await c.get("services").uploads.storeDocument(c.get("actor"), parts, { audit: true }), 201);
  });
