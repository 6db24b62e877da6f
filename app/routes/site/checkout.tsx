import { data, Form, redirect, type ShouldRevalidateFunctionArgs, useFetcher, useNavigation } from "react-router";
import { cartCookieValue } from "../../../common/cart.ts";
import { buyerChecks } from "../../../common/customer-form-checks.ts";
import { invalid } from "../../../common/errors.ts";
import { formatBRL } from "../../../common/money.ts";
import { readBodyFields } from "../../../common/read-body.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { CheckoutAddress } from "../../components/site/checkout-address.tsx";
import { CheckoutRegister } from "../../components/site/checkout-register.tsx";
import { CheckoutReview, type PixOffer } from "../../components/site/checkout-review.tsx";
import { APPLY_COUPON, REMOVE_COUPON } from "../../components/site/coupon-fields.tsx";
import { CustomerFields } from "../../components/site/registration-fields.tsx";
import { seoMeta } from "../../components/site/seo.ts";
import { Alert, buttonClass, Container, Stack, TextField } from "../../components/site/ui/ui.tsx";
import { useFormChecks } from "../../components/site/use-form-checks.ts";
import {
  addressLabel,
  type CheckoutFailure,
  type CheckoutForm,
  cartLines,
  cartShipping,
  changeCoupon,
  checkoutForm,
  confirmOrder,
  initialValues,
  lookUpCep,
  refused,
  registerAndComeBack,
  shopPixOffer,
  submittedValues,
  withSavedAddress,
} from "../../lib/checkout.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { cartCookieHeader, couponText, requestCart } from "../../lib/shop.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import type { Route } from "./+types/checkout";
import styles from "./checkout.module.css";

/** Her cart, her account, her address: neither the page cache nor any shared cache may keep this page. */
const PERSONAL = "private, no-store";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PERSONAL });

/**
 * /loja/finalizar-pedido — the order finalisation form: her account (created here or signed in), the
 * delivery address (the CEP's lookup, or the state and city lists), the shipping options for it, and
 * the review of items, coupon, payment (Pix or card where the gateway takes both and Pix has a discount)
 * and total before "Confirmar pedido". The cart is priced again on every view, its coupon judged again
 * for her; "Confirmar pedido" hands the cookie's cart to the order's placement (server/flows/place-order.ts),
 * which prices it, quotes it and judges its coupon once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const { services, actor } = app;
  await requireFeature(services, "shop");
  const read = requestCart(request);
  const { cart, priced } = await services.cart.price(read, actor?.id ?? null);
  const pix = await shopPixOffer(app);
  const headers = new Headers({ "Cache-Control": PERSONAL });
  if (cartCookieValue(cart) !== cartCookieValue(read)) headers.append("Set-Cookie", cartCookieHeader(services, cart));
  const base = {
    lines: cartLines(priced),
    notices: priced.notices,
    subtotal: formatBRL(priced.subtotal_cents),
    coupon: couponText(priced.coupon),
    pix,
  };
  if (!actor || priced.lines.length === 0)
    return data(
      {
        ...base,
        account: null,
        addresses: [],
        form: null,
        cartShipping: await cartShipping(app, cart, priced, pix),
        loginHref: loginHref(),
      },
      { headers },
    );
  const [account, addresses] = await Promise.all([
    services.customers.account(actor),
    services.customers.addresses(actor.id),
  ]);
  return data(
    {
      ...base,
      account: { name: account.name, email: account.email },
      addresses: addresses.map((address) => ({ id: address.id, label: addressLabel(address) })),
      form: await checkoutForm(app, cart, priced, initialValues(account, addresses, cart)),
      cartShipping: null,
      loginHref: loginHref(),
    },
    { headers },
  );
}

const loginHref = () => sitePaths.loginThenBack(sitePaths.checkout);

/**
 * Every button of the page: "Aplicar" and "Remover" of the coupon, signed in or not; "Criar conta"; "Buscar" (the CEP's address), "Carregar cidades" and "Usar este
 * endereço", each answered with the form drawn again; the shipping quote the browser asks for after its
 * own lookup, answered the same way but read only for its options; and "Confirmar pedido", which places
 * the order and goes to its payment page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const { services, actor } = app;
  await requireFeature(services, "shop");
  const submitted = await readBodyFields(request);
  if (submitted.intent === APPLY_COUPON || submitted.intent === REMOVE_COUPON) {
    const { cart, priced } = await services.cart.price(requestCart(request), actor?.id ?? null);
    return changeCoupon(app, cart, priced, submitted);
  }
  if (!actor) {
    if (submitted.intent === "register") return registerAndComeBack(app, submitted);
    throw redirect(loginHref());
  }
  const read = requestCart(request);
  // Priced by the order's placement alone (and again here only to redraw the form after a refusal).
  if (submitted.intent === "confirm") return confirmOrder(app, actor, read, submitted);
  const { cart, priced } = await services.cart.price(read, actor.id);
  if (priced.lines.length === 0) throw redirect(sitePaths.checkout);
  const values = submittedValues(submitted);
  const redrawn = async (next = values) => ({ ok: true as const, form: await checkoutForm(app, cart, priced, next) });
  switch (submitted.intent) {
    case "cep":
      return lookUpCep(app, cart, priced, values);
    case "cities":
    case "quote":
      return redrawn();
    case "address":
      try {
        return redrawn(withSavedAddress(values, await services.customers.addresses(actor.id), submitted.saved_address));
      } catch (error) {
        return refused(error, { form: await checkoutForm(app, cart, priced, values) });
      }
    default:
      return refused(invalid("Ação desconhecida."), { form: await checkoutForm(app, cart, priced, values) });
  }
}

/**
 * The quote asked in the background changes nothing the loader reads; loading the page again would also
 * draw a new form over what she is typing.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "quote" ? false : defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ root: matches[0].loaderData, title: "Finalizar pedido", path: sitePaths.checkout, noindex: true });
}

type Answer = { ok: true; form: CheckoutForm } | CheckoutFailure;
type LoaderData = Route.ComponentProps["loaderData"];

function BuyerFields({ form, errors }: { form: CheckoutForm; errors: Partial<Record<string, string>> }) {
  const { values } = form;
  return (
    <div className={styles.grid}>
      <TextField
        label="Nome completo"
        name="name"
        autoComplete="name"
        maxLength={200}
        defaultValue={values.name}
        error={errors.name}
        required
      />
      <CustomerFields values={values} errors={errors} />
    </div>
  );
}

/**
 * Her details, the address, the shipping and the review, drawn anew for every answer of the server. The
 * buyer's fields are checked as she leaves each one, as the sign-up's are; the browser keeps checking the
 * address's required fields, and the buttons that only redraw the form ("Usar este endereço") pass.
 * The quote for a CEP the browser looked up comes back to a fetcher and replaces only the shipping and
 * the review: what she typed meanwhile (the number, say) stays.
 */
function OrderForm({
  form,
  addresses,
  lines,
  subtotal,
  pix,
  errors,
  busy,
}: {
  form: CheckoutForm;
  addresses: LoaderData["addresses"];
  lines: LoaderData["lines"];
  subtotal: string;
  pix: PixOffer | null;
  errors: Record<string, string[]> | undefined;
  busy: boolean;
}) {
  const checks = useFormChecks(buyerChecks, errors, { browserChecksToo: true });
  const quoting = useFetcher<Answer>();
  const quoted = quoting.data?.form ?? form;
  const fieldErrors = errors ?? {};
  const quote = (data: FormData) => quoting.submit(data, { method: "post" });
  return (
    <Form method="post" aria-label="Finalizar pedido" className={styles.checkout} {...checks.form}>
      <input type="hidden" name="idempotency_key" value={form.values.idempotency_key} />
      <section aria-labelledby="comprador" className={styles.step}>
        <h2 id="comprador">2. Dados do comprador</h2>
        <BuyerFields form={form} errors={checks.errors} />
      </section>
      <section aria-labelledby="endereco" className={styles.step}>
        <h2 id="endereco">3. Endereço de entrega</h2>
        {addresses.length > 0 ? (
          <fieldset className={styles.saved}>
            <legend>Endereços salvos</legend>
            {addresses.map((address) => (
              <label key={address.id} className={styles.savedAddress}>
                <input type="radio" name="saved_address" value={address.id} />
                <span>{address.label}</span>
              </label>
            ))}
            {fieldErrors.saved_address ? <p className={styles.error}>{fieldErrors.saved_address[0]}</p> : null}
            <button type="submit" name="intent" value="address" formNoValidate className={buttonClass("outline", "sm")}>
              Usar este endereço
            </button>
          </fieldset>
        ) : null}
        <CheckoutAddress
          values={form.values}
          cities={form.cities}
          notice={form.notice}
          errors={fieldErrors}
          onQuote={quote}
        />
      </section>
      <CheckoutReview
        key={quoted.revision}
        form={quoted}
        lines={lines}
        subtotal={subtotal}
        pix={pix}
        errors={fieldErrors}
        busy={busy || quoting.state !== "idle"}
      />
    </Form>
  );
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, notices, subtotal, coupon, pix, account, addresses, cartShipping, loginHref: signIn } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as Answer | undefined;
  const failure = answer && !answer.ok ? answer : null;
  const form = answer?.form ?? loaderData.form;
  const errors = failure?.errors ?? {};
  const busy = navigation.state === "submitting";

  if (lines.length === 0)
    return (
      <Container section>
        <Stack gap="md">
          <h1>Finalizar pedido</h1>
          <p>Seu carrinho está vazio.</p>
          <p>
            <AppLink to={sitePaths.shop} className={buttonClass()}>
              Ver produtos
            </AppLink>
          </p>
        </Stack>
      </Container>
    );

  return (
    <Container section>
      <Stack gap="lg">
        <h1>Finalizar pedido</h1>
        {notices.length > 0 ? (
          <Alert tone="warning" title="Seu carrinho mudou">
            <ul className={styles.notices}>
              {notices.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {/* A refused coupon code is said beside its field. */}
        {failure && !failure.errors.code ? <Alert tone="danger">{failure.message}</Alert> : null}
        <section aria-labelledby="conta" className={styles.step}>
          <h2 id="conta">1. Sua conta</h2>
          {account ? (
            <p>
              Comprando como <strong>{account.name}</strong> ({account.email}).
            </p>
          ) : (
            <div className={styles.accountChoice}>
              <CheckoutRegister values={failure?.registration ?? null} errors={errors} busy={busy} />
              <div className={styles.signIn}>
                <h3>Já tenho conta</h3>
                <p>Entre com o seu e-mail e a sua senha; você volta para esta página.</p>
                <p>
                  <AppLink to={signIn} className={buttonClass("outline")}>
                    Entrar
                  </AppLink>
                </p>
              </div>
            </div>
          )}
        </section>
        {form ? (
          <OrderForm
            key={form.revision}
            form={form}
            addresses={addresses}
            lines={lines}
            subtotal={subtotal}
            pix={pix}
            errors={failure?.errors}
            busy={busy}
          />
        ) : (
          <CheckoutReview
            form={null}
            cartShipping={cartShipping}
            coupon={coupon}
            pix={pix}
            lines={lines}
            subtotal={subtotal}
            errors={errors}
            typedCoupon={failure?.typedCoupon}
            busy={busy}
          />
        )}
      </Stack>
    </Container>
  );
}
