import { data, redirect } from "react-router";
import { deleteSchema, parseId } from "../../common/schemas/id.ts";
import { failure, failureFrom, validate } from "./action.server.ts";
import { flashHeader } from "./flash.server.ts";

/** A malformed id in the address is a missing page, not a server error. */
export function idParam(params: { id?: string }): number {
  const id = parseId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/**
 * The delete button of the account lists: removes the record, then goes back to
 * the same search and page (the normalized `url`, not `request.url` with its
 * `.data` suffix) with a toast; the list's loader moves past an emptied page.
 */
export async function deleteFromList(args: {
  submitted: Record<string, unknown>;
  url: URL;
  remove: (id: number) => Promise<void>;
  message: string;
}) {
  if (args.submitted.intent !== "delete") return failure(400, "Ação desconhecida.");
  const checked = validate(deleteSchema, args.submitted);
  if (!checked.ok) return checked.response;
  try {
    await args.remove(checked.data.id);
  } catch (error) {
    return failureFrom(error);
  }
  return redirect(args.url.pathname + args.url.search, {
    headers: { "Set-Cookie": await flashHeader("success", args.message) },
  });
}
