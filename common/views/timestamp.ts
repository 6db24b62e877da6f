import { z } from "../zod.ts";

/** An instant as the API writes it: ISO 8601 (toISOString). */
export const timestampSchema = z.iso.datetime({ offset: true });
