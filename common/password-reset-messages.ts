// The password reset's answers, shared by the API, the pages and their tests; no zod, for public pages.

/** One answer whether or not the address has an account, so the form tells no one who is registered. */
export const RESET_REQUESTED = "Se o endereço estiver cadastrado, enviaremos um link para redefinir a senha.";

export const RESET_LINK_DEAD = "Este link expirou ou já foi usado. Peça um novo.";

/**
 * What administrators are told while BASE_URL is not set: the reset link carries a secret, so it is never
 * built from the request's own address, and no reset e-mail is sent (server/modules/auth/password-reset.ts).
 */
export const RESET_NEEDS_BASE_URL =
  "Os e-mails de “Esqueci minha senha” não são enviados enquanto a variável de ambiente BASE_URL não tiver o endereço público do site (veja docs/deploy.md). Quem pedir uma nova senha recebe a resposta de sempre, mas nenhum e-mail sai.";
