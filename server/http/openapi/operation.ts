import { z } from "../../../common/zod.ts";

/*
 * The OpenAPI vocabulary areas describe their routes with. Request bodies and query parameters are
 * the shared zod schemas the handlers parse with; answers are the views' zod schemas, which the tests
 * check against real responses. Each area lists its operations beside its routes
 * (server/modules/<area>/operations.ts); server/http/openapi/document.ts puts them together.
 */

type Named = { id: string };
export const inputs = z.registry<Named>();
export const outputs = z.registry<Named>();

export function input<S extends z.ZodType>(id: string, schema: S): S {
  inputs.add(schema, { id });
  return schema;
}
export function output<S extends z.ZodType>(id: string, schema: S): S {
  outputs.add(schema, { id });
  return schema;
}

export const errorSchema = output(
  "Error",
  z.strictObject({
    message: z.string().meta({ description: "What went wrong, in Brazilian Portuguese." }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: "Messages per field (dotted path for nested fields)." }),
  }),
);

export const messageSchema = output("Message", z.strictObject({ message: z.string() }));

export type Access = "public" | "user" | "admin";
export type Method = "get" | "post" | "put" | "delete";

export type Operation = {
  method: Method;
  /** OpenAPI style: /api/users/{id}. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType;
  multipart?: boolean;
  /** A multipart/form-data body accepted as well as the JSON one. */
  form?: z.ZodType;
  query?: z.ZodObject[];
  /**
   * The success answer: status, body (none for 204) and the session cookie it sets, if any;
   * `text` lists the media types of an answer that is a file rather than JSON.
   */
  success: { status: 200 | 201 | 204; description: string; schema?: z.ZodType; setsCookie?: string; text?: string[] };
  /** Refusals beyond those every operation of its kind can give. */
  refusals?: { status: number; description: string; schema?: z.ZodType }[];
};

const UNSAFE: ReadonlySet<Method> = new Set(["post", "put", "delete"]);

/** Every status an operation can answer, with the schema of its body. */
export function responsesOf(operation: Operation): Map<number, { description: string; schema?: z.ZodType }> {
  const responses = new Map<number, { description: string; schema?: z.ZodType }>();
  responses.set(operation.success.status, operation.success);
  const refuse = (status: number, description: string) => responses.set(status, { description, schema: errorSchema });
  if (operation.body || operation.query || operation.path.includes("{")) refuse(400, "Invalid input");
  if (operation.access !== "public") refuse(401, "Not signed in");
  if (operation.access === "admin") refuse(403, "Not allowed for this role");
  else if (UNSAFE.has(operation.method)) refuse(403, "Signed in by cookie from another site");
  if (operation.path.includes("{")) refuse(404, "Not found");
  if (operation.body) refuse(413, "Body too large");
  for (const refusal of operation.refusals ?? []) {
    responses.set(refusal.status, { description: refusal.description, schema: refusal.schema ?? errorSchema });
  }
  return responses;
}
