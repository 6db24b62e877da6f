import { z } from "zod";
import { ptBR } from "zod/locales";

// Messages from zod's Brazilian Portuguese locale unless a schema gives its own.
z.config(ptBR());

export { z };

export const requiredText = (max = 255) =>
  z.string({ error: "Campo obrigatório" }).trim().min(1, "Campo obrigatório").max(max, `No máximo ${max} caracteres`);

export const optionalText = (max = 5000) => z.string().trim().max(max, `No máximo ${max} caracteres`).default("");

export const emailField = () =>
  z
    .string({ error: "Campo obrigatório" })
    .trim()
    .min(1, "Campo obrigatório")
    .pipe(z.email("Informe um e-mail válido"))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN_LENGTH = 6;

export const passwordField = () =>
  z
    .string({ error: "Campo obrigatório" })
    .min(1, "Campo obrigatório")
    .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres`)
    .max(200, "No máximo 200 caracteres");

/** Field errors in the REST shape `{ field: [texts] }`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
