import { normalizePhone, PHONE_MESSAGE, phoneProblem } from "../brazil/phone.ts";
import { normalizeTaxId, TAX_ID_MESSAGE } from "../brazil/tax-id.ts";
import { emailField, optionalText, passwordField, plainString, requiredText, whenTyped, z } from "../zod.ts";
import { PASSWORD_MISMATCH } from "./setup.ts";
import { taxIdField } from "./tax-id.ts";
import { profileSchema } from "./user.ts";

/** A Brazilian phone with its DDD, kept as its 10 or 11 digits. */
export const phoneField = () =>
  plainString({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .max(30, PHONE_MESSAGE)
    .transform((value, context) => {
      const digits = normalizePhone(value);
      if (digits === null) {
        context.addIssue({ code: "custom", message: phoneProblem(value) ?? PHONE_MESSAGE });
        return z.NEVER;
      }
      return digits;
    });

/**
 * A field of 'Meus dados' that an administrator may leave empty: "" clears it, a value is checked by
 * `normalize`, and a request that leaves it out keeps what is stored (no default on purpose).
 */
const keptField = (message: string, normalize: (value: string) => string | null, problemOf = (_: string) => message) =>
  plainString()
    .trim()
    .max(30, message)
    .transform((value, context) => {
      if (value === "") return "";
      const normal = normalize(value);
      if (normal === null) {
        context.addIssue({ code: "custom", message: problemOf(value) });
        return z.NEVER;
      }
      return normal;
    })
    .optional();

/** Her phone on 'Meus dados', refused with the words that say what to change. */
const keptPhoneField = () => keptField(PHONE_MESSAGE, normalizePhone, (value) => phoneProblem(value) ?? PHONE_MESSAGE);

/** The fields every customer account has beyond name and e-mail. */
export const customerFields = {
  tax_id: taxIdField().meta({ description: "CPF or CNPJ (also the alphanumeric CNPJ), punctuated or bare." }),
  phone: phoneField().meta({ description: "Brazilian phone with its DDD; stored as 10 or 11 digits." }),
  organization: optionalText(160),
};

/** A customer creating her account: on /criar-conta, at checkout and by POST /api/auth/register. */
export const registrationSchema = z
  .object({
    name: requiredText(120),
    email: emailField(),
    password: passwordField(),
    password_confirmation: z.string({ error: "Campo obrigatório" }).min(1, "Campo obrigatório"),
    ...customerFields,
  })
  .refine((input) => input.password === input.password_confirmation, {
    path: ["password_confirmation"],
    message: PASSWORD_MISMATCH,
    when: whenTyped("password", "password_confirmation"),
  });
export type RegistrationInput = z.infer<typeof registrationSchema>;

/**
 * One's own data on 'Meus dados' and PUT /api/profile: the profile's fields plus the customer's,
 * which an administrator may leave empty; left out of a request, they keep their value.
 */
export const profileUpdateSchema = profileSchema.safeExtend({
  tax_id: keptField(TAX_ID_MESSAGE, normalizeTaxId),
  phone: keptPhoneField(),
  organization: plainString().trim().max(160, "No máximo 160 caracteres").optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Deleting one's account asks for the password again. */
export const accountDeletionSchema = z.object({
  password: z.string({ error: "Informe a sua senha" }).min(1, "Informe a sua senha").max(200),
});
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;

/**
 * 'Meus dados' as a page's form: it always sends every field, so one left empty clears what is stored
 * (a form sends "" as nothing) instead of keeping it as a request that leaves the field out does.
 */
export const profileFormSchema = profileUpdateSchema.safeExtend({
  tax_id: keptField(TAX_ID_MESSAGE, normalizeTaxId).default(""),
  phone: keptPhoneField().default(""),
  organization: optionalText(160),
});

const CONFIRM_DELETION = "Marque a caixa para confirmar a exclusão";

/** The page's deletion also asks for a tick that she understands it cannot be undone. */
export const accountDeletionFormSchema = accountDeletionSchema.extend({
  confirm: z.boolean({ error: CONFIRM_DELETION }).refine((ticked) => ticked, CONFIRM_DELETION),
});
