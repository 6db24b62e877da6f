import { Hono } from "hono";
import { MAX_ID } from "../../../common/id-range.ts";
import { z } from "../../../common/zod.ts";
import { areas } from "../../areas.ts";
import type { AppEnv } from "../env.ts";
import { SESSION_COOKIE } from "../session-cookie.ts";
import { type Access, inputs, type Operation, output, outputs, responsesOf } from "./operation.ts";

const documentSchema = output(
  "OpenApiDocument",
  z.looseObject({ openapi: z.literal("3.1.0"), info: z.looseObject({ title: z.string() }), paths: z.looseObject({}) }),
);

/** Every operation of /api: each area's, then this document's own. */
export const operations: Operation[] = [
  ...Object.values(areas).flatMap((area) => area.routes?.flatMap((entry) => entry.operations) ?? []),
  {
    method: "get",
    path: "/api/openapi.json",
    summary: "This description of the API",
    tag: "meta",
    access: "public",
    success: { status: 200, description: "OpenAPI 3.1 document", schema: documentSchema },
  },
];

const accessText: Record<Access, string> = {
  public: "Access: anyone.",
  user: "Access: every signed-in person.",
  admin: "Access: administrators (roles admin and super).",
};

type JsonObject = { [key: string]: unknown };

function componentSchemas(registry: typeof inputs, io: "input" | "output"): Record<string, JsonObject> {
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    // zod spells out a date-time as a long regex; the format says it already.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _schema, $id: _id, ...schema }]) => [id, schema]),
  );
}

function refTo(schema: z.ZodType): JsonObject {
  const id = outputs.get(schema)?.id ?? inputs.get(schema)?.id;
  if (!id) throw new Error("OpenAPI: every documented body must be a named schema");
  return { $ref: `#/components/schemas/${id}` };
}

function queryParameters(schemas: z.ZodObject[]): JsonObject[] {
  return schemas.flatMap((schema) =>
    Object.entries(schema.shape).map(([name, field]) => {
      const { $schema: _schema, ...json } = z.toJSONSchema(field, { io: "input", unrepresentable: "any" });
      return { name, in: "query", required: !field.safeParse(undefined).success, schema: json };
    }),
  );
}

/** get /api/users/{id} -> getUsersById */
function operationId({ method, path }: Operation): string {
  const words = path
    .replace(/^\/api/, "")
    .replace(/\{(\w+)\}/g, "by-$1")
    .split(/[/.-]/)
    .filter(Boolean);
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** The success answer's content: JSON, or the same text schema under each file media type. */
function successContent(success: Operation["success"], schema: z.ZodType): JsonObject {
  const types = success.text ?? ["application/json"];
  return Object.fromEntries(types.map((type) => [type, { schema: refTo(schema) }]));
}

function operationObject(operation: Operation): JsonObject {
  const parameters = [
    ...[...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema:
        name === "id"
          ? { type: "integer", minimum: 1, maximum: MAX_ID }
          : { type: "string", description: "A numeric id or a slug.", minLength: 1 },
    })),
    ...queryParameters(operation.query ?? []),
  ];
  const responses = Object.fromEntries(
    [...responsesOf(operation)].map(([status, { description, schema }]) => [
      String(status),
      {
        description,
        ...(schema
          ? {
              content:
                status === operation.success.status
                  ? successContent(operation.success, schema)
                  : { "application/json": { schema: refTo(schema) } },
            }
          : {}),
        ...(status === operation.success.status && operation.success.setsCookie
          ? { headers: { "Set-Cookie": { description: operation.success.setsCookie, schema: { type: "string" } } } }
          : {}),
      },
    ]),
  );
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    description: accessText[operation.access],
    tags: [operation.tag],
    ...(operation.access === "public" ? {} : { security: [{ token: [] }, { cookie: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: {
              [operation.multipart ? "multipart/form-data" : "application/json"]: { schema: refTo(operation.body) },
              ...(operation.form ? { "multipart/form-data": { schema: refTo(operation.form) } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

function buildDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const operation of operations) {
    paths[operation.path] = { ...paths[operation.path], [operation.method]: operationObject(operation) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "cms API",
      version: "1.0.0",
      description:
        "JSON in and out. Errors answer `{ message, errors? }` with pt-BR texts. Lists answer `{ data, pagination: { total, page, per_page } }`.",
    },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...componentSchemas(inputs, "input"), ...componentSchemas(outputs, "output") },
      securitySchemes: {
        token: {
          type: "apiKey",
          in: "header",
          name: "Authorization",
          description: "`Token <token>` (or `Bearer <token>`) with the token from POST /api/auth/login.",
        },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "Set by POST /api/auth/login. Writes must come from the site's own origin.",
        },
      },
    },
  };
}

let built: JsonObject | null = null;

export function openApiDocument(): JsonObject {
  built ??= buildDocument();
  return built;
}

export const openApiRoutes: Hono<AppEnv> = new Hono<AppEnv>().get("/", (c) => c.json(openApiDocument()));
