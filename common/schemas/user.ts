import { userRoles } from "../roles.ts";
import { emailField, passwordField, plainString, requiredText, whenTyped, z } from "../zod.ts";
import { PASSWORD_MISMATCH } from "./setup.ts";

const role = z.enum(userRoles, "Escolha um perfil válido");

/** An administrator creating someone. */
export const userCreateSchema = z.object({
  name: requiredText(120),
  email: emailField(),
  role: role.default("user"),
  password: passwordField(),
});

/** A new password where none (empty) keeps the current one; a given one follows the password rules. */
const optionalNewPassword = () =>
  z
    .string()
    .default("")
    .superRefine((value, context) => {
      if (value === "") return;
      const checked = passwordField().safeParse(value);
      for (const issue of checked.error?.issues ?? []) context.addIssue({ code: "custom", message: issue.message });
    });

export const CURRENT_PASSWORD_REQUIRED = "Informe a senha atual para trocar a senha";
export const CURRENT_PASSWORD_FOR_EMAIL = "Informe a senha atual para trocar o e-mail";

/** One's own current password, asked before a new password or e-mail; empty when neither changes. */
const currentPasswordField = (description: string) =>
  plainString().max(200, "No máximo 200 caracteres").default("").meta({ description });

/** An administrator editing someone; an empty password keeps the current one. */
export const userUpdateSchema = z.object({
  name: requiredText(120),
  email: emailField(),
  role,
  password: optionalNewPassword(),
  current_password: currentPasswordField(
    "The editor's own current password: required when editing oneself with a new password or e-mail.",
  ),
});

/** Anyone editing their own data; changing the e-mail or the password asks for the current password. */
export const profileSchema = z
  .object({
    name: requiredText(120),
    email: emailField(),
    current_password: currentPasswordField(
      "Required when the e-mail changes (the old address is then told) or a new password is set.",
    ),
    password: optionalNewPassword(),
    password_confirmation: z.string().default(""),
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH,
    when: whenTyped("password"),
  })
  .refine((input) => input.current_password !== "", {
    path: ["current_password"],
    message: CURRENT_PASSWORD_REQUIRED,
    when: whenTyped("password"),
  });

export const userListQuerySchema = z.object({ role: role.optional() });

export type UserCreateInput = z.infer<typeof userCreateSchema>;
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
export type ProfileInput = z.infer<typeof profileSchema>;

/** What a super user reads once another person's verification in two steps is cleared (/conta/users and the API). */
export const TWO_FACTOR_RESET_DONE =
  "Verificação em duas etapas redefinida: as sessões da pessoa foram encerradas e ela foi avisada por e-mail.";
