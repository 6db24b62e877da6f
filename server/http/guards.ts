import { createMiddleware } from "hono/factory";
import { requireAdmin, requireUser } from "../kernel/access.ts";
import type { AppEnv } from "./env.ts";

/*
 * The REST routes' guards. Permission is checked before the body is read, so a stranger learns
 * nothing from validation errors; the services check again (server/kernel/access.ts), as the
 * account screens call them without these middlewares.
 */

/** Signed-in people only (401 otherwise). */
export const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireUser(c.get("actor"));
  await next();
});

/** Administrators only (401 signed out, 403 for other roles). */
export const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  requireAdmin(c.get("actor"));
  await next();
});
