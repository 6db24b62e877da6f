import { Form, useLocation, useSearchParams } from "react-router";
import { sitePaths } from "../../../common/site-paths.ts";
import { SearchIcon } from "./icons.tsx";
import styles from "./search-box.module.css";
import { ui } from "./ui/ui.tsx";

/**
 * The site search in the public header: a plain GET form to /busca, so it also works
 * without JavaScript. On the results page it shows the words searched for.
 */
export function SearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const q = pathname === sitePaths.search ? (params.get("q") ?? "") : "";
  return (
    <Form method="get" action={sitePaths.search} role="search" aria-label="Pesquisa no site" className={styles.box}>
      <input
        // A new search (or leaving the results page) resets what the box shows.
        key={q}
        name="q"
        type="search"
        aria-label="Buscar"
        placeholder="Buscar no site"
        defaultValue={q}
        maxLength={200}
        className={`${ui.input} ${styles.input}`}
      />
      <button type="submit" className={styles.submit} aria-label="Pesquisar">
        <SearchIcon size={16} />
      </button>
    </Form>
  );
}
