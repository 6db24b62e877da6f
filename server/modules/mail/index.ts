import { defineArea } from "../../kernel/area.ts";
import { createMailService } from "./mail-service.ts";
import { createMailState } from "./mail-state.ts";
import { mailOperations } from "./operations.ts";
import { mailRoutes } from "./routes.ts";

export const mailArea = defineArea({
  state: (deps) => createMailState(deps),
  service: (context, state) => createMailService(context, state),
  listen: (on, state) => on("mail.queued", () => state.delivery.wake()),
  routes: [{ base: "/api/mail", routes: mailRoutes, operations: mailOperations }],
});
