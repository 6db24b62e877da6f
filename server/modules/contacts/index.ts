import { defineArea } from "../../kernel/area.ts";
import { createContactsService, createContactThrottle } from "./contacts-service.ts";
import { CONTACTS_USES } from "./context.ts";
import { contactsOperations } from "./operations.ts";
import { contactsRoutes } from "./routes.ts";

export const contactsArea = defineArea({
  uses: CONTACTS_USES,
  state: ({ throttle }) => createContactThrottle(throttle),
  service: (context, throttle) => createContactsService(context, throttle),
  routes: [{ base: "/api/contacts", routes: contactsRoutes, operations: contactsOperations }],
});
