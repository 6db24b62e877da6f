import { healthDownSchema, healthOkSchema } from "../../../common/views/health.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const health = areaOperations({ tag: "health", path: "/api/health", access: "public" });

export const healthOperations: Operation[] = [
  health.get({
    summary: "Health check: the process answers and the database responds",
    success: { status: 200, description: "Healthy", schema: output("Health", healthOkSchema) },
    refusals: [
      { status: 503, description: "The database does not respond", schema: output("HealthDown", healthDownSchema) },
    ],
  }),
];
