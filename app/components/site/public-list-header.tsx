import { sitePaths } from "../../../common/site-paths.ts";
import type { TagCount } from "../../../common/views/content.ts";
import { AppLink } from "../app-link.tsx";
import { CalendarPlusIcon, RssIcon } from "./icons.tsx";
import styles from "./public-list-header.module.css";
import { TagFilter } from "./tags.tsx";

/** Where each public list lives, its link back from a tag to the whole list, and its feed. */
const lists = {
  posts: {
    path: sitePaths.posts,
    allLabel: "Ver todas",
    feed: { href: sitePaths.postsFeed, Icon: RssIcon, label: "Assinar o feed RSS" },
  },
  events: {
    path: sitePaths.events,
    allLabel: "Ver todos",
    feed: { href: sitePaths.eventsFeed, Icon: CalendarPlusIcon, label: "Assinar a agenda (.ics)" },
  },
};

/**
 * The top of /noticias and /agenda: the heading, the active tag with a link back to the
 * whole list, the feed to subscribe to, and every tag to filter by.
 */
export function PublicListHeader(props: {
  list: keyof typeof lists;
  heading: string;
  tag: string | null;
  tags: TagCount[];
}) {
  const { path, allLabel, feed } = lists[props.list];
  return (
    <>
      <div className={styles.top}>
        <div className={styles.titles}>
          <h1>{props.heading}</h1>
          {props.tag ? (
            <p className={styles.active}>
              Com a etiqueta <strong>{props.tag}</strong>. <AppLink to={path}>{allLabel}</AppLink>
            </p>
          ) : null}
        </div>
        <a className={styles.feed} href={feed.href}>
          <feed.Icon />
          {feed.label}
        </a>
      </div>
      <TagFilter tags={props.tags} active={props.tag} basePath={path} />
    </>
  );
}
