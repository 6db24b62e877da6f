import { healthOkSchema, readyOkSchema } from "../../../common/views/health.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const health = areaOperations({ tag: "health", path: "/api/health", access: "public" });
const ready = areaOperations({ tag: "health", path: "/api/ready", access: "public" });

export const healthOperations: Operation[] = [
  health.get({
    summary: "Liveness: the process answers (the database is not asked)",
    success: { status: 200, description: "Alive", schema: output("Health", healthOkSchema) },
  }),
];

export const readyOperations: Operation[] = [
  ready.get({
    summary: "Readiness: the database answers and has every migration of this version",
    success: { status: 200, description: "Ready to serve", schema: output("Ready", readyOkSchema) },
    refusals: [{ status: 503, description: "The database does not answer, or lacks migrations" }],
  }),
];
