import { mediaTypeLabels } from "../../../common/media.ts";
import { contentStatusLabels } from "../../../common/schemas/content.ts";
import type { MediaView } from "../../../common/views/medias.ts";
import type { AuditFields } from "../audit/audit-changes.ts";

/** A library item as its audit entries show it: its form's fields, in the form's words. */
export function mediaAuditFields(view: MediaView): AuditFields {
  return {
    Título: view.title,
    "Tipo de material": mediaTypeLabels[view.type],
    Autores: view.authors,
    Organizadores: view.organizers,
    Descrição: view.description,
    "Data de publicação": view.publication_date,
    Editora: view.publisher,
    Cidade: view.city,
    Instituição: view.institution,
    Fonte: view.source,
    Volume: view.volume,
    Número: view.number,
    Páginas: view.pages,
    DOI: view.doi,
    "ISBN/ISSN": view.isbn_issn,
    "Endereço (URL)": view.url,
    Idiomas: view.languages,
    Categorias: view.categories,
    Etiquetas: view.tags,
    Capa: view.cover,
    Arquivos: view.documents.map((document) => `${document.name} (${document.url})`),
    "Vídeo ou áudio": view.embed_url,
    "Situação legal da patente": view.patent_legal_status,
    Notas: view.notes,
    "Informações adicionais": view.additional_info,
    Situação: contentStatusLabels[view.status],
    "Somente associados": view.members_only ? "Sim" : "Não",
  };
}
