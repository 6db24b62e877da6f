import { CEP_FORMAT_MESSAGE, normalizeCep } from "../../../common/brazil/cep.ts";
import { municipalitiesOf } from "../../../common/brazil/municipalities.ts";
import { isStateCode } from "../../../common/brazil/states.ts";
import { invalid, notFound } from "../../../common/errors.ts";
import type { AddressLookupView, StateCitiesView } from "../../../common/views/address-lookup.ts";
import { type AddressLookup, offlineAddress } from "../../adapters/address-lookup/address-lookup.ts";
import { createAddressLookup } from "../../adapters/address-lookup/fallback.ts";
import type { Actor } from "../../kernel/access.ts";
import { defineArea } from "../../kernel/area.ts";
import type { Throttle, ThrottleFactory } from "../../kernel/throttle.ts";
import { addressOperations } from "./address-operations.ts";
import { addressRoutes } from "./address-routes.ts";
import { ADDRESS_LOOKUP_USES, type AddressLookupContext } from "./context.ts";
import { requireShopOpen } from "./shop-open.ts";

export const CEP_NOT_FOUND = "CEP não encontrado";
const STATE_NOT_FOUND = "Estado não encontrado";

type LookupState = { lookup: AddressLookup; throttle: Throttle };

/** The services asked (ViaCEP, then BrasilAPI, or the addresses the configuration puts in their place). */
export function createLookupState(
  config: { VIACEP_URL?: string; BRASILAPI_URL?: string },
  throttle: ThrottleFactory,
): LookupState {
  return {
    lookup: createAddressLookup({ viaCepUrl: config.VIACEP_URL, brasilApiUrl: config.BRASILAPI_URL }),
    // Each lookup asks services outside: one client address may not turn the shop into their proxy.
    throttle: throttle({
      name: "address-lookup",
      maxHits: 60,
      windowMs: 10 * 60 * 1000,
      message: "Muitas consultas de CEP. Aguarde alguns minutos ou preencha o endereço à mão.",
    }),
  };
}

function citiesOf(uf: string | null): string[] {
  return uf ? [...municipalitiesOf(uf)] : [];
}

/**
 * The checkout's address help: a CEP's address, or the state and city lists to fill it by hand when
 * no service answers. Only while the shop is open, as every other shop read.
 */
export function createAddressLookupService({ services }: AddressLookupContext, state: LookupState) {
  return {
    /** The address of `cep` (as typed); a CEP no service knows is a 404, one none could look up answers `available: false`. */
    async find(actor: Actor | null, cep: string, clientAddress: string): Promise<AddressLookupView> {
      await requireShopOpen(services, actor);
      const digits = normalizeCep(cep);
      if (digits === null) throw invalid(CEP_FORMAT_MESSAGE, { postal_code: [CEP_FORMAT_MESSAGE] });
      await state.throttle.take(clientAddress);
      const result = await state.lookup.find(digits);
      if (result.kind === "not_found") throw notFound(CEP_NOT_FOUND);
      if (result.kind === "unavailable") {
        const { uf } = offlineAddress(digits);
        return { available: false, uf, cities: citiesOf(uf) };
      }
      const { address } = result;
      return {
        available: true,
        address: {
          postal_code: address.cep,
          uf: address.uf,
          city: address.city,
          street: address.street,
          neighborhood: address.neighborhood,
          complement: address.complement,
        },
        cities: citiesOf(address.uf),
      };
    },

    /** The municipalities of a state (UF such as "SP"), for the city list. */
    async cities(actor: Actor | null, uf: string): Promise<StateCitiesView> {
      await requireShopOpen(services, actor);
      const code = uf.trim().toUpperCase();
      if (!isStateCode(code)) throw notFound(STATE_NOT_FOUND);
      return { uf: code, cities: citiesOf(code) };
    },
  };
}

export type AddressLookupService = ReturnType<typeof createAddressLookupService>;

export const addressLookupArea = defineArea({
  uses: ADDRESS_LOOKUP_USES,
  state: ({ config, throttle }) => createLookupState(config, throttle),
  service: (context, state) => createAddressLookupService(context, state),
  routes: [{ base: "/api/shop", routes: addressRoutes, operations: addressOperations }],
});
