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
  success: {
    status: 200 | 201 | 202 | 204;
    description: string;
    schema?: z.ZodType;
    setsCookie?: string;
    text?: string[];
  };
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

/**
 * An operation as an area writes it: `path` below the area's (none for the area's own path), `access`
 * only where it differs from the area's; the tag comes from the area.
 */
export type OperationSpec = Omit<Operation, "method" | "path" | "tag" | "access"> & { path?: string; access?: Access };

/** What an area's operations share: the tag they are listed under, their base path and who may call them by default. */
export type Area = { tag: string; path: string; access: Access };

function build(area: Area, method: Method, { path = "", access = area.access, ...spec }: OperationSpec): Operation {
  return { method, path: `${area.path}${path}`, tag: area.tag, access, ...spec };
}

/** The operations of an area that is not a set of records (sign-in, settings, uploads...). */
export function areaOperations(area: Area) {
  return {
    get: (spec: OperationSpec) => build(area, "get", spec),
    post: (spec: OperationSpec) => build(area, "post", spec),
    put: (spec: OperationSpec) => build(area, "put", spec),
    delete: (spec: OperationSpec) => build(area, "delete", spec),
  };
}

/** A set of records: `noun` names one in the answers' descriptions; `view` answers one, `body` writes one. */
export type Records = Area & { noun: string; view: z.ZodType; body: z.ZodType };

type RecordSpec = Omit<OperationSpec, "success"> & { success?: Partial<Operation["success"]> };

/**
 * The usual operations on a set of records, each defaulting what they all share: list and create on
 * the base path, read, update and delete on `/{id}`; read, create and update answer the view, writes
 * take the body. An area lists the ones it has with its own sentences, in the order the document
 * shows them (paths appear in the order of their first operation).
 */
export function recordOperations(records: Records) {
  const { noun, view, body } = records;
  const record = (method: Method, path: string, success: Operation["success"], { success: own, ...spec }: RecordSpec) =>
    build(records, method, { path, ...spec, success: { ...success, ...own } });
  return {
    ...areaOperations(records),
    list: (spec: Omit<OperationSpec, "success"> & { success: Omit<Operation["success"], "status"> }) =>
      build(records, "get", { ...spec, success: { status: 200, ...spec.success } }),
    read: (spec: RecordSpec) => record("get", "/{id}", { status: 200, description: `The ${noun}`, schema: view }, spec),
    create: (spec: RecordSpec) =>
      record("post", "", { status: 201, description: `The new ${noun}`, schema: view }, { body, ...spec }),
    update: (spec: RecordSpec) =>
      record("put", "/{id}", { status: 200, description: `The updated ${noun}`, schema: view }, { body, ...spec }),
    delete: (spec: RecordSpec) => record("delete", "/{id}", { status: 204, description: "Deleted" }, spec),
  };
}
