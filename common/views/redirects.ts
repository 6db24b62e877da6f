import { redirectSources } from "../schemas/redirects.ts";
import { z } from "../zod.ts";
import { paginatedSchema } from "./pagination.ts";
import { timestampSchema } from "./timestamp.ts";

/** An old address answered with a 301, as administrators see it. */
export const redirectViewSchema = z.strictObject({
  id: z.number().int(),
  from: z.string().meta({ description: "The old address as written: path and optional query." }),
  to: z.string().meta({ description: "The path of this site it leads to." }),
  source: z.enum(redirectSources).meta({ description: "manual: made by an administrator; wordpress: by an import." }),
  hits: z.number().int().meta({ description: "Requests answered with it (counted within a few seconds)." }),
  last_hit_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type RedirectView = z.infer<typeof redirectViewSchema>;

export const redirectPageSchema = paginatedSchema(redirectViewSchema);
export type RedirectPage = z.infer<typeof redirectPageSchema>;
