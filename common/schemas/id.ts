import { MAX_ID } from "../id-range.ts";
import { z } from "../zod.ts";

export const idField = () => z.coerce.number().int().positive().max(MAX_ID);

/** A record id from an address: plain digits within the column's range, else null. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const value = Number(raw);
  return value <= MAX_ID ? value : null;
}

export const deleteSchema = z.object({ id: idField() });
