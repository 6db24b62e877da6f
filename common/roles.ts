export const userRoles = ["user", "admin", "super"] as const;
export type UserRole = (typeof userRoles)[number];

export const roleLabels: Record<UserRole, string> = {
  user: "Cliente",
  admin: "Administrador",
  super: "Super",
};

/** Anyone with a role: the server's Actor (server/kernel/access.ts) or the signed-in user the app shows. */
type Person = { role: UserRole } | null;

/** Administrators and supers manage the site (docs/spec.md §2). */
export const isAdmin = (person: Person): boolean => person?.role === "admin" || person?.role === "super";
export const isSuper = (person: Person): boolean => person?.role === "super";
