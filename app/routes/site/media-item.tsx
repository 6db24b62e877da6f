import { Anchor, Badge, Container, Grid, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
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
import { ContentBody, DocumentList, DraftNotice } from "../../components/site/content-body.tsx";
import { seoMeta, siteLinks } from "../../components/site/seo.ts";
import { getApp } from "../../lib/context.server.ts";
import { idParam, loadOr404 } from "../../lib/not-found.server.ts";
import { requireFeature } from "../../lib/site-content.server.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/media-item";

/** /biblioteca/:id — one library item; administrators also preview drafts. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, actor } = getApp(context);
  await requireFeature(services, "medias");
  const item = await loadOr404(() => services.medias.get(actor, idParam(params)));
  return { item, reference: abntReference(item) };
}

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
    noindex: item.status !== "published",
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
    <Container size="lg" py="xl">
      <Stack gap="lg" component="article">
        <Anchor component={AppLink} to={sitePaths.medias} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            Voltar para a biblioteca
          </Group>
        </Anchor>
        {item.status !== "published" ? <DraftNotice /> : null}
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: item.cover ? 8 : 12 }}>
            <Stack gap="lg">
              <Stack gap="xs">
                <Group gap="xs">
                  <Badge variant="light" style={{ textTransform: "none" }}>
                    {mediaTypeLabels[item.type]}
                  </Badge>
                  {item.year ? <Text c="gray.7">{item.year}</Text> : null}
                </Group>
                <Title order={1} style={{ overflowWrap: "anywhere" }}>
                  {item.title}
                </Title>
              </Stack>
              <MediaDetails item={item} />
            </Stack>
          </Grid.Col>
          {item.cover ? (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Image
                src={fileUrl(item.cover, filesUrl ?? undefined)}
                alt={`Capa: ${item.title}`}
                radius="md"
                mah={480}
                fit="contain"
              />
            </Grid.Col>
          ) : null}
        </Grid>
        <MediaPlayer url={item.embed_url} title={item.title} />
        <ContentBody html={item.description} />
        <DocumentList documents={item.documents} heading="Arquivos" id="arquivos" download />
        <MediaNotes item={item} />
        <CitationBox id={item.id} parts={reference} />
      </Stack>
    </Container>
  );
}
