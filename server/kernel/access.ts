import { forbidden, unauthenticated } from "../../common/errors.ts";
import { isAdmin, isSuper, type UserRole } from "../../common/roles.ts";

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

/** Super users only: what even an administrator may not do (another person's second factor). */
export function requireSuper(actor: Actor | null): Actor {
  const user = requireAdmin(actor);
  if (!isSuper(user)) throw forbidden("Apenas um usuário Super pode fazer isto.");
  return user;
}
