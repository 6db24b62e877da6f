import { expect } from "vitest";
import { operations } from "../../server/http/openapi/document.ts";
import { responsesOf } from "../../server/http/openapi/operation.ts";
import type { ApiResponse } from "./test-app.ts";

/** Asserts that the answer matches what the OpenAPI document declares for this operation and status. */
export function expectDocumented(method: string, path: string, response: ApiResponse) {
  const operation = operations.find((op) => op.method === method && op.path === path);
  const schema = operation && responsesOf(operation).get(response.status)?.schema;
  expect(schema, `${method} ${path} ${response.status}`).toBeDefined();
  expect(schema?.safeParse(response.body).error?.issues ?? []).toEqual([]);
}
