import { contactSchema } from "../../common/schemas/contact.ts";
import { failureFrom, readSubmission, validate } from "../lib/action.server.ts";
import { getApp } from "../lib/context.server.ts";
import type { Route } from "./+types/contact";

/** The footer's contact form posts here (a resource route: no page of its own). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = getApp(context);
  const checked = validate(contactSchema, await readSubmission(request));
  if (!checked.ok) return checked.response;
  try {
    await services.contacts.send(checked.data, clientAddress);
    return { ok: true as const };
  } catch (error) {
    return failureFrom(error);
  }
}
