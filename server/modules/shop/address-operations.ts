import { addressLookupViewSchema, stateCitiesViewSchema } from "../../../common/views/address-lookup.ts";
import { areaOperations, type Operation, output } from "../../http/openapi/operation.ts";

const address = areaOperations({ tag: "shop", path: "/api/shop", access: "public" });
const closed = { status: 404, description: "No such CEP or state, or the shop feature is off" };

/** The checkout's address help: ViaCEP, then BrasilAPI; never a 503, the form falls back to the lists. */
export const addressOperations: Operation[] = [
  address.get({
    path: "/address/{cep}",
    summary:
      "The address of a CEP (ViaCEP, then BrasilAPI) with its state's cities; when neither answers, available is false with the CEP's state and its cities, to fill the address by hand. 404 when the CEP does not exist",
    success: {
      status: 200,
      description: "The address, or the lists",
      schema: output("AddressLookup", addressLookupViewSchema),
    },
    refusals: [closed, { status: 429, description: "Too many lookups from this address" }],
  }),
  address.get({
    path: "/states/{uf}/cities",
    summary: "The IBGE municipalities of a state (UF such as SP), by name",
    success: { status: 200, description: "The cities", schema: output("StateCities", stateCitiesViewSchema) },
    refusals: [closed],
  }),
];
