import { contentStatusLabels } from "../../../common/schemas/content.ts";
import type { ContentView, EventView, PostView } from "../../../common/views/content.ts";
import type { AuditFields } from "../audit/audit-changes.ts";

/** A page, news item or event as its audit entries show it: its form's fields, in the form's words. */
export function contentAuditFields(view: ContentView): AuditFields {
  return {
    Título: view.title,
    Slug: view.slug,
    Resumo: view.summary,
    Conteúdo: view.content,
    "Imagem de capa": view.cover,
    "Descrição da imagem de capa": view.cover_alt,
    Documentos: view.documents.map((document) => `${document.name} (${document.url})`),
    Tags: view.tags,
    Status: contentStatusLabels[view.status],
    "Somente associados": view.members_only ? "Sim" : "Não",
  };
}

export const postAuditFields = (view: PostView): AuditFields => ({
  ...contentAuditFields(view),
  "Data de publicação": view.published_at,
});

export const eventAuditFields = (view: EventView): AuditFields => ({
  ...contentAuditFields(view),
  Início: view.start_at,
  Término: view.end_at,
  Local: view.place_name,
  Endereço: view.place_address,
  "Link online": view.online_url,
});
