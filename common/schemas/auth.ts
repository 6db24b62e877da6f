import { emailField, z } from "../zod.ts";

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório").max(200),
});

export type LoginInput = z.infer<typeof loginSchema>;
