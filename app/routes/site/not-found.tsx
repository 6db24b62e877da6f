import { data } from "react-router";

/** Any public path no route knows answers 404 inside the site layout. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
