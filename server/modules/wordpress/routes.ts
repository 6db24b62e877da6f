import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { invalid } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import { readWordPressImportForm, WORDPRESS_UPLOAD_MAX_BYTES } from "../../../common/schemas/wordpress-import.ts";
import type { AppEnv } from "../../http/env.ts";
import { adminOnly } from "../../http/guards.ts";
import { readId } from "../../http/input.ts";
import { WXR_MAX_BYTES } from "./wxr-reader.ts";

/** Where the export is sent: the API's 25 MB limit leaves it to this route's own. */
export const WORDPRESS_UPLOAD_PATH = "/api/wordpress-imports";

async function formOf(c: Context<AppEnv>): Promise<FormData> {
  if (!c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    throw invalid("Envie os arquivos como multipart/form-data (campos export, products, customers).");
  }
  try {
    return await c.req.formData();
  } catch {
    throw invalid("Não foi possível ler o formulário enviado.");
  }
}

export const wordpressRoutes: Hono<AppEnv> = new Hono<AppEnv>()
  .get("/", adminOnly, async (c) => c.json(await c.get("services").wordpress.list(c.get("actor"))))
  .post(
    "/",
    adminOnly,
    bodyLimit({
      maxSize: WORDPRESS_UPLOAD_MAX_BYTES,
      onError: (c) =>
        c.json(
          {
            message: `Os arquivos enviados passam de ${formatFileSize(WXR_MAX_BYTES)}. Para um site maior, use npm run import:wordpress no servidor.`,
          },
          413,
        ),
    }),
    async (c) => {
      const { files, filesSource } = await readWordPressImportForm(await formOf(c));
      return c.json(await c.get("services").wordpress.preview(c.get("actor"), files, filesSource), 201);
    },
  )
  .get("/:id", adminOnly, async (c) => c.json(await c.get("services").wordpress.get(c.get("actor"), readId(c))))
  .post("/:id/start", adminOnly, async (c) =>
    c.json(await c.get("services").wordpress.start(c.get("actor"), readId(c)), 202),
  );
