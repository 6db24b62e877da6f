import { defineArea } from "../../kernel/area.ts";
import { createContactsService, createContactThrottle } from "./contacts-service.ts";
import { contactsOperations } from "./operations.ts";
import { contactsRoutes } from "./routes.ts";

export const contactsArea = defineArea({
  state: ({ throttle }) => createContactThrottle(throttle),
  service: (context, throttle) => createContactsService(context, throttle),
  routes: [{ base: "/api/contacts", routes: contactsRoutes, operations: contactsOperations }],
});
