import { ActionIcon, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form, useLocation, useSearchParams } from "react-router";
import { sitePaths } from "../../../common/site-paths.ts";

/**
 * The site search in the public header: a plain GET form to /busca, so it also works
 * without JavaScript. On the results page it shows the words searched for.
 */
export function SearchBox() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const q = pathname === sitePaths.search ? (params.get("q") ?? "") : "";
  return (
    <Form method="get" action={sitePaths.search} role="search" aria-label="Pesquisa no site">
      <TextInput
        // A new search (or leaving the results page) resets what the box shows.
        key={q}
        name="q"
        type="search"
        aria-label="Buscar"
        placeholder="Buscar no site"
        defaultValue={q}
        maxLength={200}
        w={{ base: 170, xs: 220 }}
        rightSectionWidth={36}
        rightSectionPointerEvents="all"
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label="Pesquisar">
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </Form>
  );
}
