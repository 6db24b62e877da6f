import { redirect } from "react-router";
import { pageCount } from "../../common/page-count.ts";
import type { Paginated } from "../../common/pagination.ts";

export type PageInfo = Paginated<unknown>["pagination"];

/** The same address on another page: keeps the search and filters; page 1 has no `page` parameter. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * After the last item of the last page is deleted (or from an old bookmark) the page
 * asked for no longer exists: send the browser to the last page that does.
 * `url` is the loader's normalized address, without React Router's `.data` suffix.
 */
export function redirectPastLastPage(url: URL, pagination: PageInfo, rows: number) {
  const last = pageCount(pagination);
  if (rows > 0 || pagination.page <= last) return;
  throw redirect(pageHref(url.pathname, url.search, last));
}
