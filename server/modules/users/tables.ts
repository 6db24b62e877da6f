import { sql } from "drizzle-orm";
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
    /**
     * The addresses the account had before: what the site sent there goes when she deletes the account
     * (LGPD), and her data export lists them. They go with the row.
     */
    formerEmails: text("former_emails").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_unique").on(table.email)],
);
