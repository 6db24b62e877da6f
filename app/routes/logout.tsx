import { redirect } from "react-router";
import { getApp } from "../lib/context.server.ts";
import type { Route } from "./+types/logout";

/** Sair: revokes the session on the server, then goes to / (docs/spec.md §2). */
export async function action({ context }: Route.ActionArgs) {
  const app = getApp(context);
  if (app.sessionToken) await app.services.auth.logout(app.sessionToken);
  return redirect("/", { headers: { "Set-Cookie": app.clearedSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
