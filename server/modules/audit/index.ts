import { defineArea } from "../../kernel/area.ts";
import { createAuditService } from "./audit-service.ts";

export const auditArea = defineArea({
  service: (context) => createAuditService(context),
});
