import { type KeyboardEvent, useRef, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { setPostalCode } from "../../../common/cart.ts";
import { invalid } from "../../../common/errors.ts";
import { fileUrl } from "../../../common/file-url.ts";
import { formatBRL } from "../../../common/money.ts";
import { pixPrice } from "../../../common/order-totals.ts";
import { parseInput } from "../../../common/parse-input.ts";
import { readBodyFields } from "../../../common/read-body.ts";
import { cartItemSchema } from "../../../common/schemas/cart.ts";
import { postalCodeSchema } from "../../../common/schemas/shop.ts";
import { absoluteUrl, truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { productWhatsappMessage, whatsappLink } from "../../../common/whatsapp.ts";
import { AppLink } from "../../components/app-link.tsx";
import { ContentBody, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { PriceLine, ProductGrid } from "../../components/site/product-grid.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { ShippingOptions } from "../../components/site/shipping-options.tsx";
import { TagList } from "../../components/site/tags.tsx";
import { Alert, Badge, buttonClass, Container, Stack, TextField, ui } from "../../components/site/ui/ui.tsx";
import { useChangedBeforeHydration } from "../../components/site/use-changed-before-hydration.ts";
import { WhatsappLink } from "../../components/site/whatsapp-link.tsx";
import { getApp } from "../../lib/context.server.ts";
import { loadOr404 } from "../../lib/not-found.server.ts";
import { publicText } from "../../lib/rich-text.server.ts";
import {
  cartCookieHeader,
  productCard,
  quoteText,
  reaisText,
  redirectWithCart,
  refusedWith,
  requestCart,
  textValues,
} from "../../lib/shop.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/product";
import styles from "./product.module.css";

/** What the page needs of each variant, its prices already in reais: by Pix only when the shop gives a discount. */
function variantChoice(product: ProductView, variant: ProductView["variants"][number], pixDiscountPercent: number) {
  return {
    id: variant.id,
    label: variant.options.join(" / "),
    price: formatBRL(variant.price_cents),
    pixPrice: pixDiscountPercent > 0 ? formatBRL(pixPrice(variant.price_cents, pixDiscountPercent)) : null,
    compareAt: variant.compare_at_cents === null ? null : formatBRL(variant.compare_at_cents),
    stock: variant.stock,
    offer: {
      sku: variant.sku,
      name: variant.options.length ? `${product.name} (${variant.options.join(", ")})` : product.name,
      price: reaisText(variant.price_cents),
      inStock: variant.stock > 0,
    },
  };
}

/** /loja/:slug (or its id) — one product; administrators also preview drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  await requireFeature(services, "shop");
  const product = await loadOr404(() => services.products.get(actor, params.slug));
  const [related, storefront] = await Promise.all([
    services.products.related(actor, product),
    services.shop.storefront(),
  ]);
  const { content, textExcerpt } = publicText(context, product);
  // The same page for every visitor (it is cached): the shop's number and the product's address, nobody's own.
  const address = absoluteUrl(services.config.BASE_URL, product.url) ?? product.url;
  return {
    product: {
      id: product.id,
      name: product.name,
      url: product.url,
      summary: product.summary,
      content,
      status: product.status,
      images: product.images,
      documents: product.documents,
      tags: product.tags,
      inStock: product.in_stock,
      optionName: product.options.map((option) => option.name).join(" / "),
      variants: product.variants.map((variant) => variantChoice(product, variant, storefront.pix_discount_percent)),
      pixDiscountPercent: storefront.pix_discount_percent,
      updatedAt: product.updated_at,
    },
    whatsappHref: storefront.whatsapp
      ? whatsappLink(storefront.whatsapp, productWhatsappMessage(product.name, address))
      : null,
    related: related.map(productCard),
    textExcerpt,
  };
}

const FORM_KEYS = ["variant_id", "quantity", "postal_code"] as const;

/**
 * The product's one form: "Adicionar ao carrinho" (intent add) puts the variant in the cart's cookie
 * and goes to the cart; "Calcular frete" (intent quote) answers the shipping options for the chosen
 * variant and quantity to the CEP, and keeps the CEP with the cart for its own quote.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = getApp(context);
  await requireFeature(services, "shop");
  const submitted = await readBodyFields(request);
  const values = textValues(submitted, FORM_KEYS);
  try {
    const item = parseInput(cartItemSchema, submitted);
    const cart = requestCart(request);
    if (submitted.intent === "add") {
      return redirectWithCart(
        services,
        sitePaths.cart,
        await services.cart.add(cart, item),
        "Produto adicionado ao carrinho.",
      );
    }
    if (submitted.intent !== "quote") throw invalid("Ação desconhecida.");
    const { postal_code } = parseInput(postalCodeSchema, submitted);
    const quote = await services.shop.quote(null, { postal_code, items: [item] });
    return data(
      { ok: true as const, quote: quoteText(postal_code, quote), values },
      { headers: { "Set-Cookie": cartCookieHeader(services, setPostalCode(cart, postal_code)) } },
    );
  } catch (error) {
    return refusedWith(error, values);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { product, textExcerpt } = loaderData;
  const links = siteLinks(root);
  const description = truncate(product.summary || textExcerpt, 300);
  const url = links.page(product.url);
  const cheapest = product.variants.reduce((best, variant) =>
    Number(variant.offer.price) < Number(best.offer.price) ? variant : best,
  );
  const images = product.images.map((image) => links.file(image.url)).filter((image) => image !== null);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    ...(description ? { description } : {}),
    ...(url ? { url } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      name: variant.offer.name,
      ...(variant.offer.sku ? { sku: variant.offer.sku } : {}),
      price: variant.offer.price,
      priceCurrency: "BRL",
      availability: variant.offer.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      ...(url ? { url } : {}),
    })),
  };
  return seoMeta({
    root,
    title: product.name,
    description,
    path: product.url,
    image: product.images[0]?.url,
    noindex: product.status !== "published",
    jsonLd,
    extra: [
      { property: "product:price:amount", content: cheapest.offer.price },
      { property: "product:price:currency", content: "BRL" },
      { property: "product:availability", content: product.inStock ? "in stock" : "out of stock" },
    ],
  });
}

type ProductData = Route.ComponentProps["loaderData"]["product"];

/** The cover large and the other images as thumbnails; a thumbnail links to its image, or shows it large once the page runs. */
function Gallery({ product }: { product: ProductData }) {
  const { filesUrl } = useRootData();
  const [shown, setShown] = useState(0);
  const image = product.images[shown] ?? product.images[0];
  if (!image) return <div className={styles.noImage} />;
  const src = (url: string) => fileUrl(url, filesUrl ?? undefined);
  return (
    <div className={styles.gallery}>
      <img className={styles.mainImage} src={src(image.url)} alt={image.alt || product.name} />
      {product.images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Imagens do produto">
          {product.images.map((item, index) => (
            <li key={item.url}>
              <a
                href={src(item.url)}
                aria-current={index === shown ? "true" : undefined}
                className={styles.thumb}
                onClick={(event) => {
                  event.preventDefault();
                  setShown(index);
                }}
              >
                <img src={src(item.thumb ?? item.url)} alt={`Ver imagem ${index + 1}: ${item.alt || product.name}`} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { product, related, whatsappHref } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const sent = actionData?.values;
  const firstAvailable = product.variants.find((variant) => variant.stock > 0) ?? product.variants[0];
  const [variantId, setVariantId] = useState(String(sent?.variant_id || firstAvailable?.id || ""));
  const chosen = product.variants.find((variant) => String(variant.id) === variantId) ?? firstAvailable;
  // The select is the browser's (a controlled one would go back to the first variant as the page came to
  // life); the price follows a choice made before then.
  const variantSelect = useChangedBeforeHydration<HTMLSelectElement>((_, select) => setVariantId(select.value));
  const quoteButton = useRef<HTMLButtonElement>(null);
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const failure = actionData && !actionData.ok ? actionData.message : null;
  const quote = actionData?.ok ? actionData.quote : null;

  // Enter in the CEP field asks for the quote, not the form's first button (the cart).
  const onCepKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit(quoteButton.current);
  };

  return (
    <Container section>
      <Stack gap="xl">
        <AppLink to={sitePaths.shop} className={styles.back}>
          <ArrowLeftIcon />
          Voltar para a loja
        </AppLink>
        {product.status !== "published" ? <DraftNotice /> : null}
        <div className={styles.columns}>
          <Gallery product={product} />
          <Stack gap="md">
            <h1 className={styles.title}>{product.name}</h1>
            {product.summary ? <p className={styles.summary}>{product.summary}</p> : null}
            {chosen ? <PriceLine price={chosen.price} compareAt={chosen.compareAt} /> : null}
            {chosen?.pixPrice ? (
              <p className={styles.pix}>
                <strong>{chosen.pixPrice} no Pix</strong>
                <small>{product.pixDiscountPercent} % de desconto no Pix</small>
              </p>
            ) : null}
            {product.inStock ? null : (
              <p>
                <Badge tone="gray">Esgotado</Badge>
              </p>
            )}
            <Form method="post" className={styles.buy} aria-label="Comprar">
              <input type="hidden" name="product_id" value={product.id} />
              {failure ? <Alert tone="danger">{failure}</Alert> : null}
              {product.optionName ? (
                <div className={ui.field}>
                  <label className={ui.label} htmlFor="product-variant">
                    {product.optionName}
                  </label>
                  <select
                    ref={variantSelect}
                    id="product-variant"
                    name="variant_id"
                    className={ui.input}
                    defaultValue={variantId}
                    onChange={(event) => setVariantId(event.currentTarget.value)}
                    aria-invalid={errors.variant_id ? true : undefined}
                  >
                    {product.variants.map((variant) => (
                      <option key={variant.id} value={variant.id} disabled={variant.stock === 0}>
                        {variant.label} — {variant.stock === 0 ? "esgotado" : variant.price}
                      </option>
                    ))}
                  </select>
                </div>
              ) : (
                <input type="hidden" name="variant_id" value={firstAvailable?.id ?? ""} />
              )}
              <TextField
                label="Quantidade"
                name="quantity"
                type="number"
                inputMode="numeric"
                min={1}
                defaultValue={sent?.quantity || "1"}
                error={errors.quantity?.[0]}
                required
              />
              <button
                type="submit"
                name="intent"
                value="add"
                className={buttonClass()}
                disabled={!product.inStock || busy}
              >
                Adicionar ao carrinho
              </button>
              <fieldset className={styles.quote}>
                <legend>Calcular frete</legend>
                <div className={styles.quoteRow}>
                  <TextField
                    label="CEP"
                    name="postal_code"
                    inputMode="numeric"
                    autoComplete="postal-code"
                    placeholder="00000-000"
                    maxLength={9}
                    defaultValue={sent?.postal_code ?? ""}
                    error={errors.postal_code?.[0]}
                    onKeyDown={onCepKey}
                  />
                  <button
                    ref={quoteButton}
                    type="submit"
                    name="intent"
                    value="quote"
                    className={buttonClass("outline")}
                    disabled={busy}
                  >
                    Calcular frete
                  </button>
                </div>
                {quote ? <ShippingOptions quote={quote} /> : null}
              </fieldset>
            </Form>
            {whatsappHref ? <WhatsappLink href={whatsappHref} /> : null}
          </Stack>
        </div>
        <section aria-labelledby="descricao" className={styles.description}>
          <h2 id="descricao">Descrição</h2>
          <ContentBody html={product.content} />
          <TagList tags={product.tags} basePath={sitePaths.shop} />
        </section>
        <DocumentList documents={product.documents} />
        {related.length > 0 ? (
          <section aria-labelledby="relacionados">
            <Stack gap="md">
              <h2 id="relacionados">Produtos relacionados</h2>
              <ProductGrid products={related} label="Produtos relacionados" headingLevel={3} />
            </Stack>
          </section>
        ) : null}
      </Stack>
    </Container>
  );
}
