import { data } from "react-router";
import type { z } from "zod";
import { databaseInputError, isDomainError, statusOf } from "../../common/errors.ts";
import { fieldErrors } from "../../common/zod.ts";

/** What a refused action answers: the form shows `errors` beside fields and `message` as a toast. */
export type ActionFailure = { ok: false; message: string; errors: Record<string, string[]>; values?: unknown };

/** Reads a JSON submission (Mantine forms) or a plain form post (works without JavaScript). */
export async function readSubmission(request: Request): Promise<Record<string, unknown>> {
  if (request.headers.get("content-type")?.includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  const form = await request.formData();
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string"));
}

export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; response: ReturnType<typeof failure> } {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    response: failure(400, "Verifique os campos destacados.", fieldErrors(result.error), input),
  };
}

export function failure(status: number, message: string, errors: Record<string, string[]> = {}, values?: unknown) {
  return data<ActionFailure>({ ok: false, message, errors, values }, { status });
}

/** Turns a domain error from a service (or a value the database refused) into a form failure; anything else stays a real error. */
export function failureFrom(error: unknown, values?: unknown) {
  const refused = isDomainError(error) ? error : databaseInputError(error);
  if (refused) return failure(statusOf[refused.kind], refused.message, refused.fieldErrors ?? {}, values);
  throw error;
}
