import { listQuerySchema } from "../../../common/pagination.ts";
import { redirectListQuerySchema, redirectSchema } from "../../../common/schemas/redirects.ts";
import { redirectPageSchema, redirectViewSchema } from "../../../common/views/redirects.ts";
import { input, type Operation, output, recordOperations } from "../../http/openapi/operation.ts";

const redirects = recordOperations({
  tag: "redirects",
  path: "/api/redirects",
  access: "admin",
  noun: "redirect",
  view: output("Redirect", redirectViewSchema),
  body: input("RedirectInput", redirectSchema),
});

const taken = { status: 409, description: "Another redirect already answers this old address" };

export const redirectsOperations: Operation[] = [
  redirects.list({
    summary: "List redirects, newest first; q searches both addresses",
    query: [listQuerySchema, redirectListQuerySchema],
    success: { description: "One page of redirects", schema: output("RedirectPage", redirectPageSchema) },
  }),
  redirects.create({
    summary:
      "Redirect an old address to a path of this site with a 301 (redirects that led to the old address then lead to the new destination)",
    refusals: [taken],
  }),
  redirects.read({ summary: "One redirect" }),
  redirects.update({ summary: "Rewrite a redirect (it becomes manual: imports leave it alone)", refusals: [taken] }),
  redirects.delete({ summary: "Delete a redirect" }),
];
