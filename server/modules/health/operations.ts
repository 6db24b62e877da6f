import { healthDownSchema, healthOkSchema } from "../../../common/views/health.ts";
import { type Operation, output } from "../../http/openapi/operation.ts";

const healthOk = output("Health", healthOkSchema);
const healthDown = output("HealthDown", healthDownSchema);

export const healthOperations: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Health check: the process answers and the database responds",
    tag: "health",
    access: "public",
    success: { status: 200, description: "Healthy", schema: healthOk },
    refusals: [{ status: 503, description: "The database does not respond", schema: healthDown }],
  },
];
