import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { formatDateTime } from "../../../common/dates/format.ts";
import { isAdmin } from "../../../common/roles.ts";
import { LOW_STOCK_UNITS } from "../../../common/schemas/product.ts";
import { accountPaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { accountLinks } from "../../components/conta/account-links.ts";
import { MembersDashboard } from "../../components/conta/members-dashboard.tsx";
import { ShopDashboard } from "../../components/conta/shop-dashboard.tsx";
import { requireUser } from "../../lib/guards.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/index";

/**
 * What administrators must know before they count on the site (password reset e-mails wait for BASE_URL;
 * secrets kept in clear without SECRETS_KEY, or sealed under a key this server has not) and, with the shop on, what it has to act on (each count one query over its list's own filter, the
 * notas fiscais among them) and its charts; with the members on, the board's numbers.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services, actor } = requireUser(context);
  const resetMailNotice = services.auth.resetMailNotice(actor);
  const orderMailNotice = services.orders.mailLinksNotice(actor);
  const secretsNotices = await services.secrets.notices(actor);
  const features = isAdmin(actor) ? (await services.settings.get())?.features : undefined;
  const shopHome = async () => {
    const [attention, lowStock, dashboard, carriers, notes] = await Promise.all([
      services.orders.attention(actor),
      services.products.lowStockCount(actor),
      services.orders.dashboard(actor),
      services.shop.carrierIncidents(actor),
      services.fiscal.attentionCount(actor),
    ]);
    return { attention, lowStock, dashboard, carriers, notes };
  };
  const [shop, members] = await Promise.all([
    features?.shop.enabled ? shopHome() : null,
    features?.members.enabled ? services.members.dashboard(actor) : null,
  ]);
  return { resetMailNotice, orderMailNotice, secretsNotices, shop, members };
}

export function meta() {
  return [{ title: "Minha conta" }];
}

type ShopHome = NonNullable<Route.ComponentProps["loaderData"]["shop"]>;

const orders = (filter: string) => `${accountPaths.area("pedidos")}?${filter}`;

/**
 * The shop's to-dos, each a count that opens the list filtered to those records; the notas fiscais to act on
 * only when there are some (a shop may not issue them at all).
 */
function shopTodos({ attention, lowStock, notes }: ShopHome) {
  const fiscal =
    notes > 0
      ? [
          {
            count: notes,
            label: notes === 1 ? "Nota fiscal precisa de atenção" : "Notas fiscais precisam de atenção",
            to: accountPaths.area("fiscal"),
          },
        ]
      : [];
  return [
    { count: attention.unpaid, label: "Aguardando pagamento", to: orders("status=pending") },
    { count: attention.to_ship, label: "A enviar", to: orders("needs=shipping") },
    { count: attention.label, label: "Etiquetas com problema", to: orders("needs=label") },
    {
      count: lowStock,
      label: `Produtos com estoque baixo (até ${LOW_STOCK_UNITS})`,
      to: `${accountPaths.area("produtos")}?status=published&stock=low`,
    },
    ...fiscal,
  ];
}

function ShopTodos({ shop }: { shop: ShopHome }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="shop-todos">
      <Title order={2} size="h4" id="shop-todos">
        Loja: o que fazer
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {shopTodos(shop).map((todo) => (
          <UnstyledButton key={todo.to} component={AppLink} to={todo.to}>
            <Paper withBorder p="md" h="100%">
              {/* One phrase, the count then what it counts, not a heading over a paragraph (axe's p-as-heading). */}
              <Text component="span" display="block" fz={28} fw={700} lh={1.1}>
                {todo.count.toLocaleString("pt-BR")}
              </Text>
              <Text component="span" display="block" size="sm">
                {todo.label}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function AccountHome({ loaderData }: Route.ComponentProps) {
  const { user, settings } = useRootData();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Olá, {user.name}
      </Title>
      {loaderData.resetMailNotice ? (
        <Alert color="warning" variant="light" title="E-mails de redefinição de senha desligados" role="note">
          {loaderData.resetMailNotice}
        </Alert>
      ) : null}
      {loaderData.secretsNotices.map((notice) => (
        <Alert key={notice.title} color="warning" variant="light" title={notice.title} role="note">
          {notice.message}
        </Alert>
      ))}
      {loaderData.orderMailNotice ? (
        <Alert color="warning" variant="light" title="E-mails de pedidos sem links" role="note">
          {loaderData.orderMailNotice}
        </Alert>
      ) : null}
      {loaderData.shop?.carriers.map((carrier) => (
        <Alert
          key={carrier.provider}
          color="red"
          variant="light"
          role="note"
          title={`Frete pelo ${carrier.label} fora do ar desde ${formatDateTime(carrier.failing_since)}`}
        >
          <Text size="sm">
            {carrier.message} Os clientes leem “{carrier.label} indisponível no momento”; se for o único frete, ninguém
            consegue comprar. Este aviso some quando uma cotação funcionar.
          </Text>
          <Anchor component={AppLink} to={accountPaths.area("shop")} size="sm">
            Abrir as configurações da loja
          </Anchor>
        </Alert>
      ))}
      {loaderData.shop ? <ShopTodos shop={loaderData.shop} /> : null}
      <Stack gap="sm">
        <Text c="dimmed">Escolha o que deseja fazer.</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {accountLinks(user, settings?.features ?? null).map((link) => (
            <UnstyledButton key={link.to} component={AppLink} to={link.to}>
              <Paper withBorder p="md">
                <Text fw={600}>{link.label}</Text>
              </Paper>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
      {loaderData.shop ? <ShopDashboard dashboard={loaderData.shop.dashboard} /> : null}
      {loaderData.members ? <MembersDashboard dashboard={loaderData.members} /> : null}
    </Stack>
  );
}
