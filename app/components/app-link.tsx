import { forwardRef, useSyncExternalStore } from "react";
import { Link, type LinkProps } from "react-router";

type NetworkInformation = { saveData?: boolean; effectiveType?: string };

function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData || connection?.effectiveType?.includes("2g"));
}

const subscribe = () => () => {};

/** A link that prefetches on intent, except on 2g or data-saver connections (docs/spec.md §2). */
export const AppLink = forwardRef<HTMLAnchorElement, LinkProps>(function AppLink(props, ref) {
  const slow = useSyncExternalStore(subscribe, slowConnection, () => true);
  return <Link ref={ref} prefetch={slow ? "none" : "intent"} {...props} />;
});
