import { fileUrl } from "../../../common/file-url.ts";
import { useRootData } from "../../root.tsx";
import { AppLink } from "../app-link.tsx";
import styles from "./product-grid.module.css";
import { Badge } from "./ui/ui.tsx";

/** What a product card shows, prices already in reais (app/lib/shop.server.ts builds it). */
export type ProductCard = {
  id: number;
  name: string;
  url: string;
  image: string | null;
  imageAlt: string;
  price: string;
  compareAt: string | null;
  inStock: boolean;
  /** The variants have different prices: the card shows the lowest, "a partir de". */
  fromPrice: boolean;
};

/** The price line of a card or a product page: the struck-through "de" price, then the price. */
export function PriceLine({
  price,
  compareAt,
  from = false,
}: {
  price: string;
  compareAt: string | null;
  from?: boolean;
}) {
  return (
    <p className={styles.price}>
      {compareAt ? (
        <>
          <del className={styles.compareAt}>
            <span className={styles.hidden}>de </span>
            {compareAt}
          </del>{" "}
          <span className={styles.hidden}>por </span>
        </>
      ) : null}
      {from ? <span className={styles.from}>a partir de </span> : null}
      <strong>{price}</strong>
    </p>
  );
}

/** Products as cards: cover, name linking to the product, price and "Esgotado" when nothing is left. */
export function ProductGrid({
  products,
  label,
  headingLevel = 2,
}: {
  products: ProductCard[];
  label: string;
  headingLevel?: 2 | 3;
}) {
  const { filesUrl } = useRootData();
  if (products.length === 0) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className={styles.grid} aria-label={label}>
      {products.map((product) => (
        <li key={product.id} className={styles.card}>
          <div className={styles.cover}>
            {product.image ? (
              <img
                src={fileUrl(product.image, filesUrl ?? undefined)}
                alt={product.imageAlt}
                loading="lazy"
                className={styles.image}
              />
            ) : null}
          </div>
          <div className={styles.body}>
            <Heading className={styles.name}>
              <AppLink to={product.url} className={styles.link}>
                {product.name}
              </AppLink>
            </Heading>
            <PriceLine price={product.price} compareAt={product.compareAt} from={product.fromPrice} />
            {product.inStock ? null : <Badge tone="gray">Esgotado</Badge>}
          </div>
        </li>
      ))}
    </ul>
  );
}
