import type { ReactNode } from "react";
import { fileUrl } from "../../../common/file-url.ts";
import { setupSchema } from "../../../common/schemas/setup.ts";
import { organizationJsonLd, stripHtml, webSiteJsonLd } from "../../../common/seo.ts";
import { accountPaths, sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { PageArticle } from "../../components/site/content-body.tsx";
import { EventCard, PostCard } from "../../components/site/content-card.tsx";
import { type EventCardView, eventCard, type PostCardView, postCard } from "../../components/site/content-card-view.ts";
import { ArrowRightIcon } from "../../components/site/icons.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { SetupForm } from "../../components/site/setup-form.tsx";
import { Container, ui } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { redirectWithFlash } from "../../lib/flash.server.ts";
import { formAction } from "../../lib/form-action.server.ts";
import { loadOrNull } from "../../lib/not-found.server.ts";
import { publicText } from "../../lib/rich-text.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/home";
import styles from "./home.module.css";

const HOME_ITEMS = 3;
const latest = { page: 1, per_page: HOME_ITEMS, q: "", sort: "date_desc" } as const;

/**
 * The home: the page chosen in the settings (when it is published), else the site cover and
 * description followed by the latest posts and the next events of the features switched on.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getApp(context);
  const settings = await services.settings.get();
  const empty = { homePage: null, textExcerpt: "", posts: [] as PostCardView[], events: [] as EventCardView[] };
  if (!settings) return empty;
  const homeId = settings.home_page_id;
  // Visitors' view (no actor): a draft chosen as the home leaves the default home in place.
  const homePage = homeId === null ? null : await loadOrNull(() => services.pages.get(null, String(homeId), "tease"));
  if (homePage) {
    const { content, textExcerpt } = publicText(context, homePage);
    return { ...empty, homePage: { ...homePage, content }, textExcerpt };
  }
  const [posts, events] = await Promise.all([
    settings.features.posts.enabled
      ? services.posts.list(null, latest, "tease").then((list) => list.data.map(postCard))
      : [],
    settings.features.events.enabled
      ? services.events.list(null, { ...latest, when: "upcoming" }, "tease").then((list) => list.data.map(eventCard))
      : [],
  ]);
  return { ...empty, posts, events };
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
    description: homePage ? homePage.summary || (loaderData?.textExcerpt ?? "") : settings.description,
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
  const { services, flows, clientAddress, sessionCookie } = getApp(context);
  return formAction(request, setupSchema, async (input) => {
    await flows.setUpSite(services, input);
    const { session } = await services.auth.login({ email: input.email, password: input.password }, clientAddress);
    const headers = new Headers({ "Set-Cookie": sessionCookie(session.token) });
    return redirectWithFlash(accountPaths.area("settings"), "Configurações cadastradas com sucesso!", headers);
  });
}

function Cover() {
  const { settings, filesUrl } = useRootData();
  if (!settings) return null;
  const cover = settings.site_cover?.url;
  return (
    <div
      className={cover ? styles.coverImage : undefined}
      style={cover ? { backgroundImage: `url(${JSON.stringify(fileUrl(cover, filesUrl ?? undefined))})` } : undefined}
    >
      <Container>
        <div className={cover ? styles.coverTextOnImage : styles.coverText}>
          <h1>{settings.title}</h1>
          {settings.description ? <p className={styles.description}>{settings.description}</p> : null}
        </div>
      </Container>
    </div>
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
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionTop}>
        <h2 id={id}>{title}</h2>
        <AppLink className={styles.more} to={more.to}>
          {more.label}
          <ArrowRightIcon />
        </AppLink>
      </div>
      {children}
    </section>
  );
}

const gridClass = `${ui.grid} ${ui.grid3}`;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings } = useRootData();
  if (!settings) return <SetupForm />;
  const { homePage, posts, events } = loaderData;
  if (homePage) {
    return (
      <Container size="md" section>
        <PageArticle page={homePage} />
      </Container>
    );
  }
  return (
    <div>
      <Cover />
      {posts.length > 0 || events.length > 0 ? (
        <Container section>
          <div className={styles.sections}>
            {posts.length > 0 ? (
              <HomeSection
                id="ultimas-noticias"
                title="Últimas notícias"
                more={{ to: sitePaths.posts, label: "Ver todas as notícias" }}
              >
                <div className={gridClass}>
                  {posts.map((post) => (
                    <PostCard key={post.id} post={post} />
                  ))}
                </div>
              </HomeSection>
            ) : null}
            {events.length > 0 ? (
              <HomeSection
                id="proximos-eventos"
                title="Próximos eventos"
                more={{ to: sitePaths.events, label: "Ver a agenda completa" }}
              >
                <div className={gridClass}>
                  {events.map((event) => (
                    <EventCard key={event.id} event={event} />
                  ))}
                </div>
              </HomeSection>
            ) : null}
          </div>
        </Container>
      ) : null}
    </div>
  );
}
