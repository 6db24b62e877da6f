/*
 * What the sign-in's steps and 'Meus dados' show alike about the verification in two steps, without
 * server code (the pages' components use it).
 */

/** `path` with the address to come back to once signed in (none when it is the home page). */
export const withRedirectTo = (path: string, redirectTo: string, query = "") => {
  const params = new URLSearchParams(query);
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

/** The secret in groups of four, as people type it into an authenticator app. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The recovery codes as a text file to keep (a download that needs no JavaScript). */
export const recoveryCodesFile = (codes: readonly string[], site: string) =>
  `data:text/plain;charset=utf-8,${encodeURIComponent(
    `Códigos de recuperação (${site})\nCada código funciona uma vez.\n\n${codes.join("\n")}\n`,
  )}`;
