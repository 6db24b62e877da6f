import type { Context } from "hono";
import type { z } from "zod";
import { invalid } from "../../common/errors.ts";
import { parseInput } from "../../common/parse-input.ts";
import { parseId } from "../../common/schemas/id.ts";
import type { AppEnv } from "./env.ts";

/** Reads a JSON body (or a form) and checks it with the shared schema. */
export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  const type = c.req.header("content-type") ?? "";
  let raw: unknown;
  try {
    if (type.includes("application/json")) raw = await c.req.json();
    else if (type.includes("form")) raw = Object.fromEntries((await c.req.formData()).entries());
    else raw = JSON.parse((await c.req.text()) || "null");
  } catch {
    throw invalid("O corpo da requisição não é um JSON válido.");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw invalid("Envie os dados como um objeto JSON.");
  }
  return parseInput(schema, raw);
}

export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parseInput(schema, c.req.query());
}

export function readId(c: Context<AppEnv>, name = "id"): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw invalid("Identificador inválido.");
  return id;
}
