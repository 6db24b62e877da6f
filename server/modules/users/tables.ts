import { integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { userRoles } from "../../../common/roles.ts";
import { createdAt, updatedAt } from "../../db/columns.ts";

export const userRole = pgEnum("user_role", userRoles);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: userRole("role").notNull().default("user"),
    /** A customer's CPF or CNPJ, bare characters; empty for accounts that never bought. */
    taxId: text("tax_id").notNull().default(""),
    phone: text("phone").notNull().default(""),
    organization: text("organization").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email)],
);
