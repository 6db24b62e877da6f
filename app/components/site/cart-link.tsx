import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { cartCount, cartInCookies } from "../../../common/cart.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../app-link.tsx";
import { ShoppingCartIcon } from "./icons.tsx";
import styles from "./site-header.module.css";

/**
 * The header's link to the cart (its icon and count alone on phones). The server always renders a plain
 * "Carrinho", so every visitor gets the same cacheable HTML; once the page runs, the count comes from
 * the cart cookie, read again after each navigation (an add or an update answers with a new cookie
 * and a redirect).
 */
export function CartLink() {
  const { key } = useLocation();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is when the cookie may have changed
  useEffect(() => setCount(cartCount(cartInCookies(document.cookie))), [key]);
  return (
    // Named by its own text, "Carrinho: 2 itens" once there is a count: one line for screen readers
    // (split in pieces, the browser would put spaces between them), holding the words the link shows.
    <AppLink to={sitePaths.cart} className={styles.cart}>
      <ShoppingCartIcon />
      <span className={styles.cartText} aria-hidden={count > 0 || undefined}>
        Carrinho
      </span>
      {count > 0 ? (
        <>
          <span className={styles.cartCount} aria-hidden="true" data-testid="cart-count">
            {count}
          </span>
          <span className={styles.srOnly}>
            Carrinho: {count} {count === 1 ? "item" : "itens"}
          </span>
        </>
      ) : null}
    </AppLink>
  );
}
