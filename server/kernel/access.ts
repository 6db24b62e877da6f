import { forbidden, unauthenticated } from "../../common/errors.ts";
import { isAdmin, type UserRole } from "../../common/roles.ts";

export { isAdmin, isSuper } from "../../common/roles.ts";

/** The signed-in person as every module sees it. */
export type Actor = { id: number; name: string; email: string; role: UserRole };

export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw unauthenticated();
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
