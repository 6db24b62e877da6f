import { emailField, passwordField, requiredText, whenTyped, z } from "../zod.ts";

export const PASSWORD_MISMATCH = "As senhas digitadas não conferem";

export const setupSchema = z
  .object({
    title: requiredText(120),
    admin_name: requiredText(120),
    email: emailField(),
    password: passwordField(),
    password_confirmation: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório"),
    // Not in the spec: the login e-mail becomes the public contact e-mail only when asked. A checkbox
    // posted without JavaScript sends "on", or nothing when unticked.
    use_as_public_email: z.union([z.boolean(), z.literal("on").transform(() => true)]).default(false),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH,
    when: whenTyped("password", "password_confirmation"),
  });

export type SetupInput = z.infer<typeof setupSchema>;

/** The setup the WordPress import's command line makes of a new site: no password (its owner chooses one). */
export const importSetupSchema = z.object({
  title: requiredText(120),
  admin_name: requiredText(120),
  email: emailField(),
});

export type ImportSetupInput = z.infer<typeof importSetupSchema>;
