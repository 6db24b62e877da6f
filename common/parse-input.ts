import { invalid } from "./errors.ts";
import { fieldErrors, type z } from "./zod.ts";

/** Parses input with a shared schema; a failure becomes a 400 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw invalid("Verifique os campos destacados.", fieldErrors(result.error));
  }
  return result.data;
}
