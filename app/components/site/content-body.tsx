import { type ReactNode, useContext, useMemo } from "react";
import { formatFileSize } from "../../../common/file-size.ts";
import { fileUrl } from "../../../common/file-url.ts";
import type { ContentDocument, PageView } from "../../../common/views/content.ts";
import { KeptRichTextContext, type RichText } from "../../lib/rich-text.ts";
import { useRootData } from "../../root.tsx";
import styles from "./content-body.module.css";
import { PaperclipIcon } from "./icons.tsx";
import { MembersOnlyBadge, MembersOnlyNotice } from "./members-only.tsx";
import { Alert } from "./ui/ui.tsx";

/**
 * A kept text (app/lib/rich-text.ts): the server render reads it from this render's texts; the
 * browser, from the element that render left in the page, before React takes the element over.
 */
function useKeptText(key: string | null): string {
  const texts = useContext(KeptRichTextContext);
  return useMemo(() => {
    if (key === null) return "";
    const onServer = texts?.get(key);
    if (onServer !== undefined || typeof document === "undefined") return onServer ?? "";
    return document.querySelector(`[data-kept-text="${key}"]`)?.innerHTML ?? "";
  }, [key, texts]);
}

/** Rich text sanitised by the server when it was saved; its look is `.content-body` in app/styles/site.css. */
export function ContentBody({ html }: { html: RichText }) {
  const key = typeof html === "string" ? null : html.kept;
  const kept = useKeptText(key);
  const text = typeof html === "string" ? html : kept;
  if (!text.trim()) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/modules/content/sanitize.ts when saved
    <div className="content-body" data-kept-text={key ?? undefined} dangerouslySetInnerHTML={{ __html: text }} />
  );
}

/** The cover picture at the top of a page, news item or event. */
export function CoverImage({ url, alt }: { url: string | null; alt: string }) {
  const { filesUrl } = useRootData();
  if (!url) return null;
  return <img className={styles.cover} src={fileUrl(url, filesUrl ?? undefined)} alt={alt} />;
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
    <section className={styles.documents} aria-labelledby={id}>
      <h2 className={styles.documentsHeading} id={id}>
        {heading}
      </h2>
      <ul className={styles.documentList}>
        {documents.map((document) => (
          <li key={document.url}>
            <PaperclipIcon className={styles.documentIcon} />
            <span>
              <a
                href={fileUrl(document.url, filesUrl ?? undefined)}
                {...(download ? { download: document.name } : { target: "_blank", rel: "noopener noreferrer" })}
              >
                {document.name}
              </a>{" "}
              <span className={styles.size}>({formatFileSize(document.size)})</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Administrators may open drafts (and news not yet due): say clearly that visitors cannot. */
export function DraftNotice({
  title = "Pré-visualização (rascunho)",
  children = "Este conteúdo não está publicado: só administradores conseguem vê-lo.",
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <Alert tone="warning" title={title}>
      {children}
    </Alert>
  );
}

/** A page's title, cover, text and documents; also used by the home when a page is chosen for it. */
export function PageArticle({ page }: { page: Omit<PageView, "content"> & { content: RichText } }) {
  return (
    <article className={styles.article}>
      {page.status !== "published" ? <DraftNotice /> : null}
      <h1>{page.title}</h1>
      <MembersOnlyBadge item={page} />
      <CoverImage url={page.cover} alt={page.cover_alt} />
      {page.withheld ? <MembersOnlyNotice path={page.url} /> : null}
      <ContentBody html={page.content} />
      <DocumentList documents={page.documents} />
    </article>
  );
}
