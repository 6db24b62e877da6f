import { getZodConstraint } from "@conform-to/zod/v4";
import { z } from "../../../common/zod.ts";

type Constraints = ReturnType<typeof getZodConstraint>;

/**
 * What a field left empty sends, as the kit reads it: no value ("" is read as undefined,
 * app/lib/form-parse.ts). A schema that takes it (a `z.preprocess` that turns it into null, a
 * default, an optional) is a field that may be left blank. A preprocess that throws on it is not.
 */
function takesEmpty(schema: z.ZodType): boolean {
  try {
    return schema.safeParse(undefined).success;
  } catch {
    return false;
  }
}

/**
 * The names of the fields (Conform's: `a.b`, `list[].c`) whose schema takes an empty value, walked as
 * Conform walks the schema for its constraints.
 */
function blankable(schema: z.ZodType, name: string, found: string[]): void {
  if (name !== "" && takesEmpty(schema)) found.push(name);
  if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>))
      blankable(field, name ? `${name}.${key}` : key, found);
  } else if (schema instanceof z.ZodPipe) {
    if (schema.out instanceof z.ZodTransform) blankable(schema.in as z.ZodType, name, found);
    blankable(schema.out as z.ZodType, name, found);
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodReadonly
  ) {
    blankable(schema.unwrap() as z.ZodType, name, found);
  } else if (schema instanceof z.ZodArray && name !== "") {
    blankable(schema.element as z.ZodType, `${name}[]`, found);
  } else if (schema instanceof z.ZodLazy) {
    blankable(schema.unwrap() as z.ZodType, name, found);
  }
}

/**
 * The fields' HTML constraints (required, maxLength...) from the form's schema, for its fields' marks
 * and the browser's own checks. Conform reads a nullable field, or one behind a `z.preprocess`, as
 * required, though the kit's optional fields are exactly those (an empty field becomes null): here a
 * field is required only when its schema refuses an empty value. A schema whose last step turns the
 * checked object into another (`.transform` on the whole form) is read from its object.
 */
export function formConstraint(schema: z.ZodType): Constraints {
  const form = schema instanceof z.ZodPipe ? (schema.in as z.ZodType) : schema;
  const constraints = getZodConstraint(form);
  const found: string[] = [];
  blankable(form, "", found);
  for (const name of found) {
    const constraint = constraints[name];
    if (constraint) constraint.required = false;
  }
  return constraints;
}
