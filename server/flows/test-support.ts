import type { AreaName } from "../area-names.ts";
import type { Services } from "../services.ts";

/** `base` but for its `key`: the rest is read through to `base` (the services' own getters). */
function withOwn<T extends object, K extends keyof T>(base: T, key: K, value: T[K]): T {
  const derived: T = Object.create(base);
  Object.defineProperty(derived, key, { value });
  return derived;
}

/**
 * `services` whose transactions see one area's method fail with `message`: a flow's step failing midway,
 * to show that what the steps before it wrote rolls back with it. Outside transactions nothing changes.
 */
export function failingInTransactions<A extends AreaName>(
  services: Services,
  area: A,
  method: keyof Services[A],
  message: string,
): Services {
  const failing = (tx: Services): Services =>
    withOwn(tx, area, { ...tx[area], [method]: () => Promise.reject(new Error(message)) });
  return withOwn(services, "transaction", (work) => services.transaction((tx) => work(failing(tx))));
}
