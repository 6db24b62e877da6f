import { Group, Pagination, Text } from "@mantine/core";
import { Link, redirect, useLocation } from "react-router";
import { type Paginated, pageCount } from "../../../common/pagination.ts";

type PageInfo = Paginated<unknown>["pagination"];

function pageHref(pathname: string, search: string, page: number): string {
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

const controlLabels = {
  first: "Primeira página",
  previous: "Página anterior",
  next: "Próxima página",
  last: "Última página",
} as const;

/**
 * Page links that keep the search and filters; plain links, so they work without JavaScript.
 * With a `noun` it also says how many records there are (a page that already says it leaves it out).
 */
export function PaginationBar({
  pagination,
  noun,
}: {
  pagination: PageInfo;
  noun?: [singular: string, plural: string];
}) {
  const { pathname, search } = useLocation();
  const total = pageCount(pagination);
  if (!noun && total <= 1) return null;
  const { page } = pagination;
  const link = (target: number) => ({ component: Link, to: pageHref(pathname, search, target) });
  const targets = { first: 1, previous: page - 1, next: page + 1, last: total } as const;
  return (
    <Group justify={noun ? "space-between" : "flex-end"} gap="sm" wrap="wrap">
      {noun ? (
        <Text size="sm" c="dimmed">
          {pagination.total} {pagination.total === 1 ? noun[0] : noun[1]}
        </Text>
      ) : null}
      {total > 1 ? (
        <nav aria-label="Paginação">
          <Pagination
            total={total}
            value={page}
            withEdges
            siblings={1}
            getItemProps={(target) => ({ ...link(target), "aria-label": `Página ${target}` })}
            getControlProps={(control) => {
              const target = targets[control];
              // Controls that lead nowhere stay disabled buttons instead of links.
              const usable = target >= 1 && target <= total && target !== page;
              return { "aria-label": controlLabels[control], ...(usable ? link(target) : {}) };
            }}
          />
        </nav>
      ) : null}
    </Group>
  );
}
