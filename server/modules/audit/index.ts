import { defineArea } from "../../kernel/area.ts";
import { createAuditService } from "./audit-service.ts";
import { AUDIT_USES } from "./context.ts";
import { auditOperations } from "./operations.ts";
import { auditRoutes } from "./routes.ts";

export const auditArea = defineArea({
  uses: AUDIT_USES,
  service: (context) => createAuditService(context),
  routes: [{ base: "/api/audit", routes: auditRoutes, operations: auditOperations }],
});
