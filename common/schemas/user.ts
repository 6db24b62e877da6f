import { userRoles } from "../roles.ts";
import { emailField, passwordField, requiredText, z } from "../zod.ts";
import { PASSWORD_MISMATCH } from "./setup.ts";

const role = z.enum(userRoles, "Escolha um perfil válido");

/** An administrator creating someone. */
export const userCreateSchema = z.object({
  name: requiredText(120),
  email: emailField(),
  role: role.default("user"),
  password: passwordField(),
});

export const CURRENT_PASSWORD_REQUIRED = "Informe a senha atual para trocar a senha";

/** An administrator editing someone; an empty password keeps the current one. */
export const userUpdateSchema = z.object({
  name: requiredText(120),
  email: emailField(),
  role,
  password: z
    .string()
    .default("")
    .pipe(z.union([z.literal(""), passwordField()])),
  current_password: z.string().default("").meta({
    description: "The editor's own current password: required when editing oneself with a new password.",
  }),
});

/** Anyone editing their own data; changing the password asks for the current one. */
export const profileSchema = z
  .object({
    name: requiredText(120),
    email: emailField(),
    current_password: z.string().default(""),
    password: z
      .string()
      .default("")
      .pipe(z.union([z.literal(""), passwordField()])),
    password_confirmation: z.string().default(""),
  })
  .refine((input) => input.password === "" || input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH,
  })
  .refine((input) => input.password === "" || input.current_password !== "", {
    path: ["current_password"],
    message: CURRENT_PASSWORD_REQUIRED,
  });

export const userListQuerySchema = z.object({ role: role.optional() });

export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;
