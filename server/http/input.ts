import type { Context } from "hono";
import type { z } from "zod";
import { invalid } from "../../common/errors.ts";
import { parseInput } from "../../common/parse-input.ts";
import { readBodyFields } from "../../common/read-body.ts";
import { parseId } from "../../common/schemas/id.ts";
import type { AppEnv } from "./env.ts";

/** Reads a JSON body (or a form) and checks it with the shared schema. */
export async function readBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, await readBodyFields(c.req.raw));
}

export function readQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parseInput(schema, c.req.query());
}

export function readId(c: Context<AppEnv>, name = "id"): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw invalid("Identificador inválido.");
  return id;
}

/** Reads the route's parameters with a schema (a position in a list, a code). */
export function readParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.infer<S> {
  return parseInput(schema, c.req.param());
}
