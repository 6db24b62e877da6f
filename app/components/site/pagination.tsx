import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { pageCount } from "../../../common/page-count.ts";
import { type PageInfo, pageHref } from "../../lib/page-links.ts";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "./icons.tsx";
import styles from "./pagination.module.css";

/** The pages to show: the first, the last, the current one with a neighbour each side, and gaps between. */
function visiblePages(page: number, total: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 1, page, page + 1, total])]
    .filter((n) => n >= 1 && n <= total)
    .sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const n of shown) {
    const previous = items.at(-1);
    // One hidden page is shown instead of a gap: the gap would take as much room.
    if (typeof previous === "number" && n - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && n - previous > 2) items.push("gap");
    items.push(n);
  }
  return items;
}

function Control({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  // Controls that lead nowhere stay disabled buttons instead of links, so the row does not jump.
  if (to === null)
    return (
      <button type="button" className={styles.item} disabled aria-label={label}>
        {children}
      </button>
    );
  return (
    <Link className={styles.item} to={to} aria-label={label}>
      {children}
    </Link>
  );
}

/**
 * Page links of a public list, keeping the search and filters of the address (or `hrefFor`'s addresses);
 * plain links, so they work without JavaScript. With a `noun` it also says how many items there are.
 */
export function Pagination({
  pagination,
  noun,
  hrefFor,
}: {
  pagination: PageInfo;
  noun?: [singular: string, plural: string];
  hrefFor?: (page: number) => string;
}) {
  const { pathname, search } = useLocation();
  const total = pageCount(pagination);
  if (!noun && total <= 1) return null;
  const { page } = pagination;
  const href = hrefFor ?? ((target: number) => pageHref(pathname, search, target));
  const to = (target: number) => (target >= 1 && target <= total && target !== page ? href(target) : null);
  return (
    <div className={noun ? styles.bar : styles.barEnd}>
      {noun ? (
        <p className={styles.count}>
          {pagination.total} {pagination.total === 1 ? noun[0] : noun[1]}
        </p>
      ) : null}
      {total > 1 ? (
        <nav aria-label="Paginação">
          <ul className={styles.list}>
            <li>
              <Control to={to(1)} label="Primeira página">
                <ChevronsLeftIcon />
              </Control>
            </li>
            <li>
              <Control to={to(page - 1)} label="Página anterior">
                <ChevronLeftIcon />
              </Control>
            </li>
            {visiblePages(page, total).map((item, index) =>
              item === "gap" ? (
                // Gaps have no identity of their own; their place in the row is their key.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Link
                    className={styles.item}
                    to={href(item)}
                    aria-label={`Página ${item}`}
                    aria-current={item === page ? "page" : undefined}
                  >
                    {item}
                  </Link>
                </li>
              ),
            )}
            <li>
              <Control to={to(page + 1)} label="Próxima página">
                <ChevronRightIcon />
              </Control>
            </li>
            <li>
              <Control to={to(total)} label="Última página">
                <ChevronsRightIcon />
              </Control>
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
