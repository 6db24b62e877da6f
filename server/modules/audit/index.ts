import { defineArea } from "../../kernel/area.ts";
import { createAuditService } from "./audit-service.ts";
import { auditOperations } from "./operations.ts";
import { auditRoutes } from "./routes.ts";

export const auditArea = defineArea({
  service: (context) => createAuditService(context),
  routes: [{ base: "/api/audit", routes: auditRoutes, operations: auditOperations }],
});
