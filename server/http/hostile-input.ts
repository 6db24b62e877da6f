import { createMiddleware } from "hono/factory";
import { hasControlCharacter } from "../../common/zod.ts";
import { isApiPath } from "./api-path.ts";
import type { AppEnv } from "./env.ts";

export const INVALID_ADDRESS = "O endereço contém caracteres inválidos.";

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Página não encontrada</title></head>
<body><h1>Página não encontrada</h1><p><a href="/">Ir para a página inicial</a></p></body>
</html>
`;

/**
 * Each escape decoded on its own, so a control character is found even when another escape
 * in the address is malformed (which makes decodeURIComponent give up on the whole of it).
 */
const decodeEscapes = (url: string) =>
  url.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * No address of ours holds a control character (and PostgreSQL refuses NUL in text), so a path or
 * query with one is answered here, before any route or loader reads it: 400 for the API, 404 for pages.
 */
export const refuseControlCharactersInAddress = createMiddleware<AppEnv>(async (c, next) => {
  if (!hasControlCharacter(decodeEscapes(c.req.url))) return next();
  if (isApiPath(c.req.path)) return c.json({ message: INVALID_ADDRESS }, 400);
  return c.html(NOT_FOUND_PAGE, 404);
});
