// The password reset's answers, shared by the API, the pages and their tests; no zod, for public pages.

/** One answer whether or not the address has an account, so the form tells no one who is registered. */
export const RESET_REQUESTED = "Se o endereço estiver cadastrado, enviaremos um link para redefinir a senha.";

export const RESET_LINK_DEAD = "Este link expirou ou já foi usado. Peça um novo.";
