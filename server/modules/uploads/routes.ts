import type { Context } from "hono";
import { Hono } from "hono";
import { invalid } from "../../../common/errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { signedIn } from "../../http/guards.ts";
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

// Any signed-in user may upload; the guard runs first, so an anonymous client gets its 401 without
// us parsing a multipart body.
export const uploadsRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .post("/images", signedIn, async (c) => {
    const image = await c.get("services").uploads.storeImage(c.get("actor"), await readParts(c, "file"));
    return c.json(image, 201);
  })
  .post("/documents", signedIn, async (c) => {
    const document = await c.get("services").uploads.storeDocument(c.get("actor"), await readParts(c, "file"));
    return c.json(document, 201);
  });
