import { formatDateTime } from "./dates/format.ts";
import { accountPaths } from "./site-paths.ts";

/**
 * Every kind of entry the audit log keeps, with the pt-BR words its screen shows. The part before
 * the dot is the kind of record it is about (auditRecordKinds).
 */
export const auditActions = {
  "settings.updated": "Configurações alteradas",
  "menu.created": "Menu criado",
  "menu.updated": "Menu alterado",
  "menu.deleted": "Menu excluído",
  "page.created": "Página criada",
  "page.updated": "Página alterada",
  "page.deleted": "Página excluída",
  "post.created": "Notícia criada",
  "post.updated": "Notícia alterada",
  "post.deleted": "Notícia excluída",
  "event.created": "Evento criado",
  "event.updated": "Evento alterado",
  "event.deleted": "Evento excluído",
  "media.created": "Item da biblioteca criado",
  "media.updated": "Item da biblioteca alterado",
  "media.deleted": "Item da biblioteca excluído",
  "media.imported": "Biblioteca importada (BibTeX/RIS)",
  "redirect.created": "Redirecionamento criado",
  "redirect.updated": "Redirecionamento alterado",
  "redirect.deleted": "Redirecionamento excluído",
  "product.created": "Produto criado",
  "product.updated": "Produto alterado",
  "product.deleted": "Produto excluído",
  "shop.updated": "Configurações da loja alteradas",
  "payments.updated": "Configurações de pagamento alteradas",
  "fiscal.updated": "Configurações fiscais alteradas",
  "fiscal_note.requested": "Nota fiscal pedida",
  "fiscal_note.sent": "Nota fiscal enviada à SEFAZ",
  "fiscal_note.answered": "Resposta da SEFAZ para a nota fiscal",
  "fiscal_note.reissued": "Nota fiscal emitida novamente",
  "fiscal_note.cancelled": "Nota fiscal cancelada",
  "fiscal_note.corrected": "Carta de correção da nota fiscal",
  "fiscal_note.exported": "XMLs das notas fiscais exportados",
  "coupon.created": "Cupom criado",
  "coupon.updated": "Cupom alterado",
  "coupon.deleted": "Cupom excluído",
  "order.status_changed": "Situação do pedido alterada",
  "order.payment_notice": "Pagamento registrado por aviso do provedor",
  "order.label_bought": "Etiqueta de envio comprada",
  "order.address_corrected": "Endereço do pedido corrigido",
  "order.exported": "Pedidos exportados (CSV com os dados dos clientes)",
  "member_plan.created": "Plano de associação criado",
  "member_plan.updated": "Plano de associação alterado",
  "member_plan.deleted": "Plano de associação excluído",
  "member.created": "Associado cadastrado",
  "member.updated": "Associado alterado",
  "member.status_changed": "Situação do associado alterada",
  "member.deleted": "Associado excluído",
  "member.imported": "Associados importados de planilha",
  "member.exported": "Associados exportados (CSV com os dados pessoais)",
  "member_settings.updated": "Configurações dos associados alteradas",
  "member_due.paid": "Pagamento de mensalidade registrado",
  "member_due.waived": "Mensalidade dispensada",
  "member_due.refunded": "Estorno de mensalidade pelo Asaas",
  "contact.updated": "Mensagem de contato alterada",
  "contact.deleted": "Mensagem de contato excluída",
  "mail.retried": "Envio de e-mail tentado de novo",
  "upload.created": "Arquivo enviado",
  "user.created": "Usuário criado",
  "user.updated": "Usuário alterado",
  "user.deleted": "Usuário excluído",
  "wordpress.imported": "Importação do WordPress",
  "backup.created": "Cópia de segurança feita",
  "backup.restored": "Cópia de segurança restaurada",
  "auth.signed_in": "Entrada de administrador",
  "auth.sign_in_failed": "Tentativa de entrada recusada",
  "two_factor.enabled": "Verificação em duas etapas ativada",
  "two_factor.disabled": "Verificação em duas etapas desativada",
  "two_factor.recovery_codes_renewed": "Códigos de recuperação gerados de novo",
  "two_factor.recovery_code_used": "Código de recuperação usado",
  "two_factor.reset": "Verificação em duas etapas redefinida por um usuário Super",
  "two_factor.codes_delayed": "Códigos de verificação errados: novas tentativas passam a esperar",
  "auth.other_sessions_ended": "Outras sessões encerradas",
  "audit.exported": "Registro de auditoria exportado",
} as const;

export type AuditAction = keyof typeof auditActions;
export const auditActionKeys = Object.keys(auditActions) as [AuditAction, ...AuditAction[]];

/** The kinds of record an entry may be about, and their pt-BR names. */
export const auditRecordKinds = {
  settings: "Configurações",
  menu: "Menu",
  page: "Página",
  post: "Notícia",
  event: "Evento",
  media: "Biblioteca",
  redirect: "Redirecionamento",
  product: "Produto",
  shop: "Loja",
  payments: "Pagamentos",
  coupon: "Cupom",
  fiscal: "Configurações fiscais",
  fiscal_note: "Nota fiscal",
  order: "Pedido",
  member_plan: "Plano de associação",
  member: "Associado",
  member_due: "Mensalidade",
  member_settings: "Configurações dos associados",
  contact: "Mensagem de contato",
  mail: "E-mail",
  upload: "Arquivo enviado",
  user: "Usuário",
  wordpress: "Importação do WordPress",
  backup: "Cópia de segurança",
  auth: "Entrada",
  two_factor: "Verificação em duas etapas",
  audit: "Auditoria",
} as const;

export type AuditRecordKind = keyof typeof auditRecordKinds;
export const auditRecordKindKeys = Object.keys(auditRecordKinds) as [AuditRecordKind, ...AuditRecordKind[]];

export const auditRecordKindOf = (action: AuditAction): AuditRecordKind => action.split(".")[0] as AuditRecordKind;

/** What a secret field's change is shown as: the value itself is never kept. */
export const AUDIT_SECRET_CHANGED = "alterado";

/** One changed field: its value before and after (null when the record did not exist before, or no longer does). */
export type AuditChange = { before: unknown; after: unknown };

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;

/** A kept value as people read it: instants on São Paulo's clock, yes/no, lists joined; nothing is "(vazio)". */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(vazio)";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "string") return INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "(vazio)";
    // A list of records (images with their descriptions) keeps each one apart.
    const separator = value.some((item) => typeof item === "object" && item !== null) ? "; " : ", ";
    return value.map(auditValueText).join(separator);
  }
  if (typeof value === "object" && value !== null)
    return Object.entries(value)
      .map(([name, inner]) => `${name}: ${auditValueText(inner)}`)
      .join(", ");
  return String(value);
}

/** A fact of an event (the e-mail a sign-in used), not a change: "E-mail: ana@exemplo.com". */
export const auditDetailText = (field: string, value: unknown): string => `${field}: ${auditValueText(value)}`;

/** "Título: Antigo → Novo"; a secret only as "Senha: alterado". */
export function auditChangeText(field: string, change: AuditChange): string {
  if (change.before === AUDIT_SECRET_CHANGED && change.after === AUDIT_SECRET_CHANGED)
    return `${field}: ${AUDIT_SECRET_CHANGED}`;
  return `${field}: ${auditValueText(change.before)} → ${auditValueText(change.after)}`;
}

/** Where the account area shows the record an entry is about; null when it has no screen of its own (or is gone). */
export function auditRecordHref(kind: AuditRecordKind, id: string | null): string | null {
  const numeric = id !== null && /^\d+$/.test(id) ? Number(id) : null;
  switch (kind) {
    case "settings":
      return accountPaths.area("settings");
    case "shop":
    case "payments":
      return accountPaths.area("shop");
    case "fiscal":
      return accountPaths.area("fiscal");
    case "order":
    case "fiscal_note":
      return numeric === null ? null : accountPaths.order(numeric);
    case "contact":
      return numeric === null ? null : accountPaths.contactMessage(numeric);
    case "member":
      return numeric === null ? null : accountPaths.edit("membros", numeric);
    case "member_plan":
    case "member_settings":
      return accountPaths.area("membros");
    case "wordpress":
      return numeric === null ? null : accountPaths.wordpressImport(numeric);
    case "menu":
      return numeric === null ? null : accountPaths.edit("menus", numeric);
    case "page":
      return numeric === null ? null : accountPaths.edit("pages", numeric);
    case "post":
      return numeric === null ? null : accountPaths.edit("posts", numeric);
    case "event":
      return numeric === null ? null : accountPaths.edit("events", numeric);
    case "media":
      return numeric === null ? null : accountPaths.edit("medias", numeric);
    case "redirect":
      return numeric === null ? null : accountPaths.edit("redirects", numeric);
    case "product":
      return numeric === null ? null : accountPaths.edit("produtos", numeric);
    case "coupon":
      return numeric === null ? null : accountPaths.edit("cupons", numeric);
    case "user":
      return numeric === null ? null : accountPaths.edit("users", numeric);
    default:
      return null;
  }
}
