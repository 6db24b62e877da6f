// The members' settings (/conta/membros/configuracoes): the reminders, the receipts' CNPJ and how the dues are
// paid. Asaas's API key and webhook token are write-only and kept sealed (kernel/secret-box.ts), as the shop's
// secrets are (shop/shop-secrets.ts): a save that leaves one empty keeps the stored one, a value this key cannot
// open reads as not set and stays as stored until someone types it again.
import { and, eq, isNotNull, or } from "drizzle-orm";
import { invalid } from "../../../common/errors.ts";
import {
  ASAAS_API_KEY_MISSING,
  ASAAS_WEBHOOK_TOKEN_MISSING,
  asaasBillingLabels,
  asaasEnvironmentLabels,
  DEFAULT_MEMBER_SETTINGS,
  type DuesPayments,
  duesProviderLabels,
  type MemberSettings,
} from "../../../common/schemas/members.ts";
import type { MemberSettingsView } from "../../../common/views/members.ts";
import { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL, createAsaasClient } from "../../adapters/dues/asaas-client.ts";
import type { DuesProvider } from "../../adapters/dues/dues-provider.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import type { SecretBox } from "../../kernel/secret-box.ts";
import type { AuditFields } from "../audit/audit-changes.ts";
import { closedHere } from "./asaas-charges.ts";
import type { MembersContext } from "./context.ts";
import { memberDues, memberSettings, members } from "./tables.ts";

/** Where Asaas is told to send its events (public, no session: routes.ts). */
export const ASAAS_WEBHOOK_PATH = "/api/members/asaas/webhook";

export const ASAAS_API_KEY = "Asaas: chave de API";
export const ASAAS_WEBHOOK_TOKEN = "Asaas: token do webhook";
const secretNames = [ASAAS_API_KEY, ASAAS_WEBHOOK_TOKEN] as const;

type SettingsRow = typeof memberSettings.$inferSelect;
type SecretColumn = "asaasApiKey" | "asaasWebhookToken";

const SECRET_COLUMNS: readonly { column: SecretColumn; purpose: string; label: string }[] = [
  { column: "asaasApiKey", purpose: "member_settings.asaas_api_key", label: ASAAS_API_KEY },
  { column: "asaasWebhookToken", purpose: "member_settings.asaas_webhook_token", label: ASAAS_WEBHOOK_TOKEN },
];

/** The settings as the area uses them, the secrets opened: for the service, never for a view. */
export type StoredMemberSettings = Required<MemberSettings>;

function openSecrets(box: SecretBox, row: SettingsRow): { row: SettingsRow; unreadable: string[] } {
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

const settingsOf = (row: SettingsRow): StoredMemberSettings => ({
  organization_cnpj: row.organizationCnpj,
  reminders: row.reminders,
  payments: {
    provider: row.paymentProvider,
    asaas: {
      api_key: row.asaasApiKey,
      webhook_token: row.asaasWebhookToken,
      environment: row.asaasEnvironment,
      billing: row.asaasBilling,
    },
  },
});

export const asaasWebhookUrl = (baseUrl: string | undefined) => (baseUrl ? `${baseUrl}${ASAAS_WEBHOOK_PATH}` : null);

export function memberSettingsView(settings: StoredMemberSettings, baseUrl: string | undefined): MemberSettingsView {
  const { asaas } = settings.payments;
  return {
    organization_cnpj: settings.organization_cnpj,
    reminders: settings.reminders,
    payments: {
      provider: settings.payments.provider,
      asaas: {
        api_key: "",
        api_key_set: asaas.api_key !== "",
        webhook_token: "",
        webhook_token_set: asaas.webhook_token !== "",
        environment: asaas.environment,
        billing: asaas.billing,
      },
      webhook_url: asaasWebhookUrl(baseUrl),
    },
  };
}

const onOff = (enabled: boolean, days: number[]) => (enabled ? days.join(", ") || "nenhum" : "desligado");

/** The settings as their audit entries show them; the secrets under their names, for the log to say "alterado". */
const auditFields = (settings: StoredMemberSettings): AuditFields => ({
  "CNPJ da organização": settings.organization_cnpj,
  "Lembretes antes do vencimento (dias)": onOff(settings.reminders.before.enabled, settings.reminders.before.days),
  "Lembrete no dia do vencimento": settings.reminders.on_day.enabled,
  "Lembretes depois do vencimento (dias)": onOff(settings.reminders.after.enabled, settings.reminders.after.days),
  "Forma de pagamento das mensalidades": duesProviderLabels[settings.payments.provider],
  "Asaas: ambiente": asaasEnvironmentLabels[settings.payments.asaas.environment],
  "Asaas: forma de cobrança": asaasBillingLabels[settings.payments.asaas.billing],
  [ASAAS_API_KEY]: settings.payments.asaas.api_key,
  [ASAAS_WEBHOOK_TOKEN]: settings.payments.asaas.webhook_token,
});

/**
 * The client for the saved Asaas account in its environment (or at ASAAS_URL: a proxy, a test's fake); null
 * without an API key.
 */
export function asaasClientOf(
  payments: DuesPayments,
  config: { ASAAS_URL?: string },
  timeoutMs?: number,
): DuesProvider | null {
  const { api_key, environment } = payments.asaas;
  if (api_key === "") return null;
  const baseUrl = config.ASAAS_URL ?? (environment === "production" ? ASAAS_PRODUCTION_URL : ASAAS_SANDBOX_URL);
  return createAsaasClient({ apiKey: api_key, baseUrl, timeoutMs });
}

/** What a save keeps: each secret given, or else the one stored. */
function mergedPayments(given: DuesPayments | undefined, stored: DuesPayments): DuesPayments {
  if (!given) return stored;
  return {
    ...given,
    asaas: {
      ...given.asaas,
      api_key: given.asaas.api_key || stored.asaas.api_key,
      webhook_token: given.asaas.webhook_token || stored.asaas.webhook_token,
    },
  };
}

/** Another key, or the other environment, is another Asaas account: none of the ids kept from the old one is its. */
const otherAccount = (before: DuesPayments, after: DuesPayments) =>
  after.asaas.api_key !== before.asaas.api_key || after.asaas.environment !== before.asaas.environment;

/**
 * Forgets on the caller's transaction every Asaas id of the old account: each member's customer and subscription
 * (with its terms, lease and error), and the charge links of her open dues and of those closed here whose charge
 * the old account still waits for (this one cannot close it). The job runner's next turn links them anew in the
 * new account; paid dues keep what Asaas told of them.
 */
async function forgetAsaasAccount(tx: MembersContext): Promise<void> {
  await tx.db
    .update(members)
    .set({
      asaasCustomerId: null,
      asaasCustomerSent: null,
      asaasSubscriptionId: null,
      asaasSubscriptionFrom: null,
      asaasSubscriptionTerms: null,
      asaasLeaseUntil: null,
      asaasError: null,
    })
    .where(
      or(isNotNull(members.asaasCustomerId), isNotNull(members.asaasSubscriptionId), isNotNull(members.asaasError)),
    );
  await tx.db
    .update(memberDues)
    .set({
      asaasChargeId: null,
      asaasStatus: null,
      asaasInvoiceUrl: null,
      asaasBoletoUrl: null,
      asaasPixCode: null,
      updatedAt: new Date(),
    })
    .where(and(isNotNull(memberDues.asaasChargeId), or(eq(memberDues.status, "open"), closedHere)));
}

function requireAsaasSecrets(payments: DuesPayments): void {
  if (payments.provider !== "asaas") return;
  const { api_key, webhook_token } = payments.asaas;
  const errors: Record<string, string[]> = {};
  if (api_key === "") errors["payments.asaas.api_key"] = [ASAAS_API_KEY_MISSING];
  if (webhook_token === "") errors["payments.asaas.webhook_token"] = [ASAAS_WEBHOOK_TOKEN_MISSING];
  else if (webhook_token === api_key)
    errors["payments.asaas.webhook_token"] = ["Use um token diferente da chave de API"];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw invalid(`${first}.`, errors);
}

export function createMemberSettings(context: MembersContext) {
  const { db } = context;

  async function readRow(): Promise<SettingsRow | undefined> {
    const [row] = await db.select().from(memberSettings).where(eq(memberSettings.id, 1));
    return row;
  }

  async function stored(): Promise<StoredMemberSettings> {
    const row = await readRow();
    return row ? settingsOf(openSecrets(context.secretBox, row).row) : DEFAULT_MEMBER_SETTINGS;
  }

  return {
    stored,

    async settings(actor: Actor | null): Promise<MemberSettingsView> {
      requireAdmin(actor);
      return memberSettingsView(await stored(), context.config.BASE_URL);
    },

    /**
     * Saves the settings (administrators): Asaas's secrets sealed (an empty one keeps the stored one), both
     * needed to choose Asaas, and one audit entry with them as "alterado". Another Asaas account (key or
     * environment) forgets the old one's ids in the same transaction.
     */
    async saveSettings(actor: Actor | null, input: MemberSettings): Promise<MemberSettingsView> {
      const admin = requireAdmin(actor);
      await context.transaction(async (tx) => {
        const [row] = await tx.db.select().from(memberSettings).where(eq(memberSettings.id, 1)).for("update");
        const before = row ? settingsOf(openSecrets(context.secretBox, row).row) : DEFAULT_MEMBER_SETTINGS;
        const payments = mergedPayments(input.payments, before.payments);
        requireAsaasSecrets(payments);
        const sealed = Object.fromEntries(
          SECRET_COLUMNS.map(({ column, purpose }) => {
            const given =
              column === "asaasApiKey" ? input.payments?.asaas.api_key : input.payments?.asaas.webhook_token;
            return [column, given ? context.secretBox.seal(purpose, given) : (row?.[column] ?? "")];
          }),
        ) as Pick<SettingsRow, SecretColumn>;
        const values = {
          organizationCnpj: input.organization_cnpj,
          reminders: input.reminders,
          paymentProvider: payments.provider,
          asaasEnvironment: payments.asaas.environment,
          asaasBilling: payments.asaas.billing,
          ...sealed,
          updatedAt: new Date(),
        };
        await tx.db
          .insert(memberSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: memberSettings.id, set: values });
        if (otherAccount(before.payments, payments)) await forgetAsaasAccount(tx);
        await tx.services.audit.record({
          actor: admin,
          action: "member_settings.updated",
          before: auditFields(before),
          after: auditFields({ organization_cnpj: input.organization_cnpj, reminders: input.reminders, payments }),
          secrets: secretNames,
        });
      });
      return memberSettingsView(await stored(), context.config.BASE_URL);
    },

    /** The settings' secrets this key cannot open, by their names (/conta's notice). */
    async unreadableSecrets(): Promise<string[]> {
      const row = await readRow();
      return row ? openSecrets(context.secretBox, row).unreadable : [];
    },

    /** Seals what is stored in clear or under SECRETS_KEY_OLD (at start); answers how many values it sealed. */
    async sealStoredSecrets(): Promise<number> {
      const box = context.secretBox;
      if (!box.sealing) return 0;
      return context.transaction(async (tx) => {
        const [row] = await tx.db.select().from(memberSettings).where(eq(memberSettings.id, 1)).for("update");
        if (!row) return 0;
        const changes: Partial<Pick<SettingsRow, SecretColumn>> = {};
        for (const { column, purpose } of SECRET_COLUMNS) {
          if (!box.needsSealing(row[column])) continue;
          const opened = box.open(purpose, row[column]);
          if (opened.ok) changes[column] = box.seal(purpose, opened.value);
        }
        const count = Object.keys(changes).length;
        if (count > 0) await tx.db.update(memberSettings).set(changes).where(eq(memberSettings.id, 1));
        return count;
      });
    },
  };
}

export type MemberSettingsService = ReturnType<typeof createMemberSettings>;
