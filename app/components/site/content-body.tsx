import type { ReactNode } from "react";
import { formatFileSize } from "../../../common/file-size.ts";
import { fileUrl } from "../../../common/file-url.ts";
import type { ContentDocument, PageView } from "../../../common/views/content.ts";
import { useRootData } from "../../root.tsx";
import styles from "./content-body.module.css";
import { PaperclipIcon } from "./icons.tsx";
import { Alert } from "./ui/ui.tsx";

/** Rich text sanitised by the server when it was saved; its look is `.content-body` in app/styles/site.css. */
export function ContentBody({ html }: { html: string }) {
  if (!html.trim()) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/modules/content/sanitize.ts when saved
  return <div className="content-body" dangerouslySetInnerHTML={{ __html: html }} />;
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
export function PageArticle({ page }: { page: PageView }) {
  return (
    <article className={styles.article}>
      {page.status !== "published" ? <DraftNotice /> : null}
      <h1>{page.title}</h1>
      <CoverImage url={page.cover} alt="" />
      <ContentBody html={page.content} />
      <DocumentList documents={page.documents} />
    </article>
  );
}
