/** Urls starting with http open in a new tab (docs/spec.md §2). */
export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);
