export const userRoles = ["user", "admin", "super"] as const;
export type UserRole = (typeof userRoles)[number];

export const roleLabels: Record<UserRole, string> = {
  user: "Cliente",
  admin: "Administrador",
  super: "Super",
};
