import { emailField, passwordField, whenTyped, z } from "../zod.ts";
import { PASSWORD_MISMATCH } from "./setup.ts";

/** 'Esqueci minha senha': the address to send the link to. */
export const passwordResetRequestSchema = z.object({ email: emailField() });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** The link's token and the new password. */
export const passwordResetSchema = z
  .object({
    token: z.string({ error: "Link inválido" }).trim().min(1, "Link inválido").max(200, "Link inválido"),
    password: passwordField(),
    password_confirmation: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório"),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH,
    when: whenTyped("password", "password_confirmation"),
  });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
