export const redirectSources = ["manual", "wordpress"] as const;
export type RedirectSource = (typeof redirectSources)[number];
