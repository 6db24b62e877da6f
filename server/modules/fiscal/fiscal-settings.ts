// The shop's fiscal settings (/conta/fiscal): the row, its secrets sealed at rest, what the form shows, what the
// audit log keeps, and the provider's client they make. The tokens are write-only: an empty one in a save keeps
// the stored one, as the shop's other secrets do (shop/shop-secrets.ts).
import { randomBytes } from "node:crypto";
import { fiscalEnvironmentLabels, issueModeLabels, taxRegimeLabels } from "../../../common/fiscal-labels.ts";
import { EMPTY_ITEM_FISCAL, type FiscalEnvironment, type FiscalSettingsInput } from "../../../common/schemas/fiscal.ts";
import type { FiscalSettingsView } from "../../../common/views/fiscal.ts";
import type { FiscalProvider } from "../../adapters/fiscal/fiscal-provider.ts";
import { fiscalProviders } from "../../adapters/fiscal/providers.ts";
import type { RateLimits } from "../../adapters/fiscal/rate-limit.ts";
import type { SecretBox } from "../../kernel/secret-box.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import type { SellerFiscal } from "./note-draft.ts";
import type { fiscalSettings } from "./tables.ts";

export type FiscalSettingsRow = typeof fiscalSettings.$inferSelect;

export const HOMOLOGATION_TOKEN = "Focus NFe: token de homologação";
export const PRODUCTION_TOKEN = "Focus NFe: token de produção";
export const fiscalSecrets = [HOMOLOGATION_TOKEN, PRODUCTION_TOKEN] as const;

/** Where the provider tells of each change of a note: the webhook route's address on this site. */
export const WEBHOOK_PATH = "/api/fiscal/webhook";

type SecretColumn = "homologationToken" | "productionToken" | "webhookSecret";
const SECRET_COLUMNS: readonly { column: SecretColumn; purpose: string; label: string }[] = [
  { column: "homologationToken", purpose: "fiscal_settings.homologation_token", label: HOMOLOGATION_TOKEN },
  { column: "productionToken", purpose: "fiscal_settings.production_token", label: PRODUCTION_TOKEN },
  { column: "webhookSecret", purpose: "fiscal_settings.webhook_secret", label: "Focus NFe: segredo do webhook" },
];

/** Before the first save: off, homologação, Simples Nacional, série 1. */
export function defaultFiscalRow(): FiscalSettingsRow {
  return {
    id: 1,
    enabled: false,
    provider: "focus_nfe",
    environment: "homologacao",
    homologationToken: "",
    productionToken: "",
    cnpj: "",
    stateRegistration: "",
    uf: "",
    regime: "simples",
    series: 1,
    operationNature: "Venda de mercadoria",
    issueMode: "on_payment",
    customerMail: true,
    defaults: EMPTY_ITEM_FISCAL,
    webhookSecret: "",
    webhookRegisteredFor: null,
    webhookError: null,
    enabledAt: null,
    updatedAt: new Date(0),
  };
}

/** The row with its secrets opened; those that cannot be opened read as empty and are named in `unreadable`. */
export function openFiscalSecrets(
  box: SecretBox,
  row: FiscalSettingsRow,
): { row: FiscalSettingsRow; unreadable: string[] } {
  const unreadable: string[] = [];
  const opened = { ...row };
  for (const { column, purpose, label } of SECRET_COLUMNS) {
    if (row[column] === "") continue;
    const result = box.open(purpose, row[column]);
    if (!result.ok) unreadable.push(label);
    opened[column] = result.ok ? result.value : "";
  }
  return { row: opened, unreadable };
}

/** The values to store for the secrets: each given one sealed, an empty one kept as stored. */
export function sealFiscalSecrets(
  box: SecretBox,
  given: Pick<FiscalSettingsRow, SecretColumn>,
  stored: Pick<FiscalSettingsRow, SecretColumn>,
): Pick<FiscalSettingsRow, SecretColumn> {
  const sealed = {
    homologationToken: stored.homologationToken,
    productionToken: stored.productionToken,
    webhookSecret: stored.webhookSecret,
  };
  for (const { column, purpose } of SECRET_COLUMNS)
    if (given[column] !== "") sealed[column] = box.seal(purpose, given[column]);
  return sealed;
}

/** Stored values in clear (before SECRETS_KEY) or under SECRETS_KEY_OLD, sealed under the key set now. */
export function resealFiscalSecrets(box: SecretBox, row: FiscalSettingsRow): Partial<FiscalSettingsRow> | null {
  const changes: Partial<FiscalSettingsRow> = {};
  for (const { column, purpose } of SECRET_COLUMNS) {
    if (!box.needsSealing(row[column])) continue;
    const opened = box.open(purpose, row[column]);
    if (opened.ok) changes[column] = box.seal(purpose, opened.value);
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** A fresh secret for the webhook's `authorization` header. */
export const newWebhookSecret = () => randomBytes(24).toString("base64url");

export const webhookUrl = (baseUrl: string | undefined) => (baseUrl ? `${baseUrl}${WEBHOOK_PATH}` : null);

/** What the webhook was registered for: registered again when the environment, the CNPJ or the address change. */
export const webhookTarget = (row: FiscalSettingsRow, url: string) => `${row.environment} ${row.cnpj} ${url}`;

export function fiscalSettingsView(row: FiscalSettingsRow, baseUrl: string | undefined): FiscalSettingsView {
  const url = webhookUrl(baseUrl);
  return {
    enabled: row.enabled,
    environment: row.environment,
    homologation_token: "",
    homologation_token_set: row.homologationToken !== "",
    production_token: "",
    production_token_set: row.productionToken !== "",
    cnpj: row.cnpj,
    state_registration: row.stateRegistration,
    uf: row.uf,
    regime: row.regime,
    series: row.series,
    operation_nature: row.operationNature,
    issue_mode: row.issueMode,
    customer_mail: row.customerMail,
    defaults: row.defaults,
    webhook: {
      url,
      registered: url !== null && row.webhookRegisteredFor === webhookTarget(row, url),
      error: row.webhookError,
    },
  };
}

/** The input as the row's columns (the secrets still in clear: sealFiscalSecrets seals them). */
export function fiscalColumnsOf(input: FiscalSettingsInput) {
  return {
    enabled: input.enabled,
    provider: input.provider,
    environment: input.environment,
    homologationToken: input.homologation_token,
    productionToken: input.production_token,
    cnpj: input.cnpj,
    stateRegistration: input.state_registration,
    uf: input.uf,
    regime: input.regime,
    series: input.series,
    operationNature: input.operation_nature,
    issueMode: input.issue_mode,
    customerMail: input.customer_mail,
    defaults: input.defaults,
  };
}

/** The settings as their audit entries show them; the tokens under their names, for the log to say "alterado". */
export function fiscalAuditFields(row: FiscalSettingsRow): AuditFields {
  return {
    "Emitir notas fiscais": row.enabled,
    Emissor: fiscalProviders[row.provider].label,
    Ambiente: fiscalEnvironmentLabels[row.environment],
    [HOMOLOGATION_TOKEN]: row.homologationToken,
    [PRODUCTION_TOKEN]: row.productionToken,
    CNPJ: row.cnpj,
    "Inscrição estadual": row.stateRegistration,
    Estado: row.uf,
    "Regime tributário": taxRegimeLabels[row.regime],
    Série: row.series,
    "Natureza da operação": row.operationNature,
    "Quando emitir": issueModeLabels[row.issueMode],
    "E-mail ao cliente": row.customerMail,
    "NCM padrão": row.defaults.ncm,
    "Origem padrão": row.defaults.origin,
    "CSOSN/CST padrão": row.defaults.tax_situation,
    "Unidade padrão": row.defaults.unit,
    "GTIN padrão": row.defaults.gtin,
  };
}

/** The seller as the note names it. PIS and COFINS: 07 (operação isenta), the usual for a Simples shop's sales. */
export function sellerOf(row: FiscalSettingsRow): SellerFiscal {
  return {
    cnpj: row.cnpj,
    stateRegistration: row.stateRegistration,
    regime: row.regime,
    uf: row.uf,
    series: row.series,
    operationNature: row.operationNature,
    pisCofinsSituation: "07",
  };
}

/** Where the provider is reached (FOCUS_NFE_URL in tests) and the process's allowance per token. */
export type ProviderConnection = { baseUrl: string | undefined; limits: RateLimits };

/** The settings' provider's name as the owner reads it (a note's history, the messages about it). */
export const providerLabel = (row: FiscalSettingsRow) => fiscalProviders[row.provider].label;

/**
 * The provider's client for `environment` (the chosen one unless told: a note's own, for every call about
 * it) with that environment's token (opened), sharing the token's rate limit; null without a token.
 */
export function providerOf(
  row: FiscalSettingsRow,
  connection: ProviderConnection,
  environment: FiscalEnvironment = row.environment,
): FiscalProvider | null {
  const token = environment === "producao" ? row.productionToken : row.homologationToken;
  if (token === "") return null;
  return fiscalProviders[row.provider].create({
    token,
    environment,
    baseUrl: connection.baseUrl,
    limiter: connection.limits.of(token),
  });
}
