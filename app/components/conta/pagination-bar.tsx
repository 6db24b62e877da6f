import { Group, Pagination, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { pageCount } from "../../../common/page-count.ts";
import { type PageInfo, pageHref } from "../../lib/page-links.ts";

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
