import { Anchor, BackgroundImage, Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { fileUrl } from "../../../common/file-url.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { organizationJsonLd, stripHtml, webSiteJsonLd } from "../../../common/seo.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import type { EventView, PostView } from "../../../common/views/content.ts";
import { AppLink } from "../../components/app-link.tsx";
import { PageArticle } from "../../components/site/content-body.tsx";
import { EventCard, PostCard } from "../../components/site/content-card.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { SetupForm } from "../../components/site/setup-form.tsx";
import { formAction } from "../../lib/action.server.ts";
import { getApp } from "../../lib/context.server.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { loadOrNull } from "../../lib/not-found.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/home";

const HOME_ITEMS = 3;
const latest = { page: 1, per_page: HOME_ITEMS, q: "", sort: "date_desc" } as const;

/**
 * The home: the page chosen in the settings (when it is published), else the site cover and
 * description followed by the latest posts and the next events of the features switched on.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  const empty = { homePage: null, posts: [] as PostView[], events: [] as EventView[] };
  if (!settings) return empty;
  const homeId = settings.home_page_id;
  // Visitors' view (no actor): a draft chosen as the home leaves the default home in place.
  const homePage = homeId === null ? null : await loadOrNull(() => services.pages.get(null, String(homeId)));
  if (homePage) return { ...empty, homePage };
  const [posts, events] = await Promise.all([
    settings.features.posts.enabled ? services.posts.list(null, latest).then((list) => list.data) : [],
    settings.features.events.enabled
      ? services.events.list(null, { ...latest, when: "upcoming" }).then((list) => list.data)
      : [],
  ]);
  return { homePage, posts, events };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const settings = root?.settings;
  if (!settings) return [{ title: "cms" }];
  const links = siteLinks(root);
  const home = links.page("/");
  const homePage = loaderData?.homePage ?? null;
  return seoMeta({
    root,
    description: homePage ? homePage.summary || homePage.content : settings.description,
    path: "/",
    image: homePage?.cover,
    jsonLd: [
      organizationJsonLd({
        name: settings.title,
        url: home,
        logo: links.file(settings.site_logo?.url),
        description: stripHtml(settings.description),
        email: settings.email,
        sameAs: [settings.url_facebook, settings.url_instagram, settings.url_twitter, settings.url_youtube],
      }),
      ...(home ? [webSiteJsonLd({ name: settings.title, url: home })] : []),
    ],
  });
}

/** The first-time setup: creates settings and the super user, then signs in with the same credentials. */
export function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress, sessionCookie } = getApp(context);
  return formAction(request, setupSchema, async (input) => {
    await services.settings.setup(input);
    const { session } = await services.auth.login({ email: input.email, password: input.password }, clientAddress);
    const headers = new Headers({ "Set-Cookie": sessionCookie(session.token) });
    return redirectWithFlash(accountPaths.area("settings"), "Configurações cadastradas com sucesso!", headers);
  });
}

function Cover() {
  const { settings, filesUrl } = useRootData();
  if (!settings) return null;
  const cover = settings.site_cover?.url;
  const heading = (
    <Stack gap="sm" py={cover ? 120 : 60}>
      <Title order={1} c={cover ? "white" : undefined}>
        {settings.title}
      </Title>
      {settings.description ? (
        <Text fz="lg" c={cover ? "white" : "gray.7"} maw={720}>
          {settings.description}
        </Text>
      ) : null}
    </Stack>
  );
  return cover ? (
    <BackgroundImage
      src={fileUrl(cover, filesUrl ?? undefined)}
      style={{ backgroundColor: "rgba(0,0,0,0.45)", backgroundBlendMode: "darken" }}
    >
      <Container size="lg">{heading}</Container>
    </BackgroundImage>
  ) : (
    <Container size="lg">{heading}</Container>
  );
}

function HomeSection({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} id={id}>
          {title}
        </Title>
        <Anchor component={AppLink} to={more.to}>
          <Group gap={4} wrap="nowrap">
            {more.label}
            <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {children}
    </Stack>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  if (!settings) return <SetupForm />;
  const { homePage, posts, events } = loaderData;
  if (homePage) {
    return (
      <Container size="md" py="xl">
        <PageArticle page={homePage} />
      </Container>
    );
  }
  return (
    <Box>
      <Cover />
      {posts.length > 0 || events.length > 0 ? (
        <Container size="lg" py="xl">
          <Stack gap={48}>
            {posts.length > 0 ? (
              <HomeSection
                id="ultimas-noticias"
                title="Últimas notícias"
                more={{ to: sitePaths.posts, label: "Ver todas as notícias" }}
              >
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {posts.map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </SimpleGrid>
              </HomeSection>
            ) : null}
            {events.length > 0 ? (
              <HomeSection
                id="proximos-eventos"
                title="Próximos eventos"
                more={{ to: sitePaths.events, label: "Ver a agenda completa" }}
              >
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                  {events.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </SimpleGrid>
              </HomeSection>
            ) : null}
          </Stack>
        </Container>
      ) : null}
    </Box>
  );
}
