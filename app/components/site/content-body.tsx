import { Alert, Anchor, Image, List, Stack, Text, Title, Typography } from "@mantine/core";
import { IconEye, IconPaperclip } from "@tabler/icons-react";
import { formatFileSize } from "../../../common/file-size.ts";
import { fileUrl } from "../../../common/file-url.ts";
import type { ContentDocument, PageView } from "../../../common/views/content.ts";
import { useRootData } from "../../root.tsx";

// Pictures and videos from the editor carry their own width: keep them inside the column.
const BODY_CSS = `.content-body img{max-width:100%;height:auto}.content-body iframe{max-width:100%}`;

/** Rich text sanitised by the server when it was saved. */
export function ContentBody({ html }: { html: string }) {
  if (!html.trim()) return null;
  return (
    <>
      <style href="content-body" precedence="default">
        {BODY_CSS}
      </style>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/modules/content/sanitize.ts when saved */}
      <Typography className="content-body" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}

/** The cover picture at the top of a page, news item or event. */
export function CoverImage({ url, alt }: { url: string | null; alt: string }) {
  const { filesUrl } = useRootData();
  if (!url) return null;
  return <Image src={fileUrl(url, filesUrl ?? undefined)} alt={alt} radius="md" mah={480} fit="cover" />;
}

/**
 * Files attached to a piece of content or a library item, as links with their sizes: content's open
 * in a new tab ("Documentos"), the library's are downloads ("Arquivos").
 */
export function DocumentList({
  documents,
  heading = "Documentos",
  id = "documentos",
  download = false,
}: {
  documents: ContentDocument[];
  heading?: string;
  id?: string;
  download?: boolean;
}) {
  const { filesUrl } = useRootData();
  if (documents.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {heading}
      </Title>
      <List spacing="xs" icon={<IconPaperclip size={16} aria-hidden />} center>
        {documents.map((document) => (
          <List.Item key={document.url}>
            <Anchor
              href={fileUrl(document.url, filesUrl ?? undefined)}
              {...(download ? { download: document.name } : { target: "_blank", rel: "noopener noreferrer" })}
            >
              {document.name}
            </Anchor>{" "}
            <Text span size="sm" c="gray.7">
              ({formatFileSize(document.size)})
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Administrators may open drafts (and news not yet due): say clearly that visitors cannot. */
export function DraftNotice({
  title = "Pré-visualização (rascunho)",
  children = "Este conteúdo não está publicado: só administradores conseguem vê-lo.",
}: {
  title?: string;
  children?: React.ReactNode;
}) {
  return (
    <Alert color="warning" variant="light" icon={<IconEye aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}

/** A page's title, cover, text and documents; also used by the home when a page is chosen for it. */
export function PageArticle({ page }: { page: PageView }) {
  return (
    <Stack gap="lg" component="article">
      {page.status !== "published" ? <DraftNotice /> : null}
      <Title order={1}>{page.title}</Title>
      <CoverImage url={page.cover} alt="" />
      <ContentBody html={page.content} />
      <DocumentList documents={page.documents} />
    </Stack>
  );
}
