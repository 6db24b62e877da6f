/** Whether a request path is the REST API's (answered in JSON) rather than a page's. */
export const isApiPath = (path: string): boolean => path === "/api" || path.startsWith("/api/");
