import { z } from "../zod.ts";

/**
 * GET /api/shop/address/{cep}: the address of a CEP with the cities of its state (the form's city list),
 * or, when no lookup service could answer, `available: false` with the state the CEP itself tells and
 * its cities, so the form is filled by hand.
 */
export const addressLookupViewSchema = z.discriminatedUnion("available", [
  z.strictObject({
    available: z.literal(true),
    address: z.strictObject({
      postal_code: z.string().meta({ description: "8 digits." }),
      uf: z.string(),
      city: z.string(),
      street: z.string().meta({ description: "Empty for a town with one CEP for every address." }),
      neighborhood: z.string(),
      complement: z.string(),
    }),
    cities: z.array(z.string()),
  }),
  z.strictObject({
    available: z.literal(false),
    uf: z.string().nullable().meta({ description: "The state of the CEP's range, when it has one." }),
    cities: z.array(z.string()),
  }),
]);
export type AddressLookupView = z.infer<typeof addressLookupViewSchema>;

/** GET /api/shop/states/{uf}/cities: the municipalities of a state, by name. */
export const stateCitiesViewSchema = z.strictObject({ uf: z.string(), cities: z.array(z.string()) });
export type StateCitiesView = z.infer<typeof stateCitiesViewSchema>;
