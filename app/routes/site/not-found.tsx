import { notFoundPage } from "../../lib/not-found.server.ts";

/** Any public path no route knows answers 404 inside the site layout. */
export function loader() {
  throw notFoundPage();
}

export default function NotFound() {
  return null;
}
