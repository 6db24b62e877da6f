import { abntReference } from "../../../common/citation/abnt.ts";
import { fileUrl } from "../../../common/file-url.ts";
import { mediaTypeLabels } from "../../../common/media.ts";
import { truncate } from "../../../common/seo.ts";
import { sitePaths } from "../../../common/site-paths.ts";
import { AppLink } from "../../components/app-link.tsx";
import { CitationBox } from "../../components/medias/citation-box.tsx";
import { MediaDetails, MediaNotes } from "../../components/medias/media-details.tsx";
import { mediaJsonLd } from "../../components/medias/media-json-ld.ts";
import { MediaPlayer } from "../../components/medias/media-player.tsx";
import { creditLine } from "../../components/medias/media-result.tsx";
import styles from "../../components/medias/medias-page.module.css";
import { ContentBody, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { MembersOnlyBadge, MembersOnlyNotice } from "../../components/site/members-only.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { Badge, Container, Stack } from "../../components/site/ui/ui.tsx";
import { getApp } from "../../lib/context.server.ts";
import { itemAnswer } from "../../lib/members-only.server.ts";
import { idParam, loadOr404 } from "../../lib/not-found.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/media-item";

/** /biblioteca/:id — one library item; administrators also preview drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  await requireFeature(services, "medias");
  const item = await loadOr404(() => services.medias.get(actor, idParam(params), "tease"));
  return itemAnswer(item, { item, reference: abntReference(item) });
}

/** The loader's caching (itemAnswer): private for a members-only item a member opened. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const root = matches[0].loaderData;
  const { item } = loaderData;
  const links = siteLinks(root);
  const credits = creditLine(item);
  const description = truncate(
    item.description ||
      [mediaTypeLabels[item.type], credits, item.year ? String(item.year) : "", item.source].filter(Boolean).join(". "),
    300,
  );
  return seoMeta({
    root,
    title: item.title,
    description,
    path: item.url_path,
    image: item.cover,
    type: "article",
    noindex: item.status !== "published" || item.members_only,
    jsonLd: mediaJsonLd(item, {
      url: links.page(item.url_path),
      image: links.file(item.cover),
      description,
      files: links.file,
    }),
  });
}

export default function MediaItem({ loaderData }: Route.ComponentProps) {
  const { item, reference } = loaderData;
  const { filesUrl } = useRootData();
  return (
    <Container section>
      <article className={styles.article}>
        <AppLink to={sitePaths.medias} className={styles.iconLink}>
          <ArrowLeftIcon />
          Voltar para a biblioteca
        </AppLink>
        {item.status !== "published" ? <DraftNotice /> : null}
        <div className={item.cover ? styles.withCover : undefined}>
          <Stack gap="lg">
            <div className={styles.heading}>
              <div className={styles.meta}>
                <Badge>
                  <span className={styles.plainCase}>{mediaTypeLabels[item.type]}</span>
                </Badge>
                {item.year ? <span className={styles.muted}>{item.year}</span> : null}
                <MembersOnlyBadge item={item} />
              </div>
              <h1 className={styles.title}>{item.title}</h1>
            </div>
            <MediaDetails item={item} />
          </Stack>
          {item.cover ? (
            <img
              src={fileUrl(item.cover, filesUrl ?? undefined)}
              alt={`Capa: ${item.title}`}
              className={styles.cover}
            />
          ) : null}
        </div>
        {item.withheld ? <MembersOnlyNotice path={item.url_path} /> : null}
        <MediaPlayer url={item.embed_url} title={item.title} />
        <ContentBody html={item.description} />
        <DocumentList documents={item.documents} heading="Arquivos" id="arquivos" download />
        <MediaNotes item={item} />
        <CitationBox id={item.id} parts={reference} />
      </article>
    </Container>
  );
}
