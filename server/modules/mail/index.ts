import { defineArea } from "../../kernel/area.ts";
import { MAIL_USES } from "./context.ts";
import { createMailService } from "./mail-service.ts";
import { createMailState } from "./mail-state.ts";
import { mailOperations } from "./operations.ts";
import { mailRoutes } from "./routes.ts";

export const mailArea = defineArea({
  uses: MAIL_USES,
  state: (deps) => createMailState(deps),
  service: (context, state) => createMailService(context, state),
  listen: (on, state) => on("mail.queued", () => state.delivery.wake()),
  routes: [{ base: "/api/mail", routes: mailRoutes, operations: mailOperations }],
});
