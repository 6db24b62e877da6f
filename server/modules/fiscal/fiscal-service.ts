import { eq } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import { invalid } from "../../../common/errors.ts";
import type { FiscalSettingsInput } from "../../../common/schemas/fiscal.ts";
import type { FiscalSettingsView } from "../../../common/views/fiscal.ts";
import { FiscalProviderError } from "../../adapters/fiscal/fiscal-provider.ts";
import { createRateLimits } from "../../adapters/fiscal/rate-limit.ts";
import { type Actor, requireAdmin } from "../../kernel/access.ts";
import { memo, readThrough } from "../../kernel/memo.ts";
import type { FiscalContext } from "./context.ts";
import { createFiscalNotes } from "./fiscal-notes.ts";
import {
  defaultFiscalRow,
  type FiscalSettingsRow,
  fiscalAuditFields,
  fiscalColumnsOf,
  fiscalSecrets,
  fiscalSettingsView,
  newWebhookSecret,
  openFiscalSecrets,
  providerLabel,
  providerOf,
  resealFiscalSecrets,
  sealFiscalSecrets,
  sellerOf,
  webhookTarget,
  webhookUrl,
} from "./fiscal-settings.ts";
import { correctionFileName } from "./note-files.ts";
import { fiscalSettings } from "./tables.ts";

declare module "../../kernel/events.ts" {
  interface AreaEvents {
    "fiscal.changed": undefined;
    "fiscal.notes_changed": { orderId: number };
  }
}

/** How long a save's webhook registration or "Testar conexão" waits for the provider. */
const CHECK_MS = 10_000;
const notSet = (provider: string) => `Salve o token da ${provider} do ambiente escolhido antes de testar a conexão.`;

/**
 * Process-wide: the settings read once per change, where the provider is reached (FOCUS_NFE_URL), and each
 * token's rate limit, shared by every call this process makes with it.
 */
export function createFiscalState(deps: { config: { FOCUS_NFE_URL?: string } }) {
  return {
    connection: { baseUrl: deps.config.FOCUS_NFE_URL, limits: createRateLimits() },
    settings: memo<FiscalSettingsRow>(),
  };
}
export type FiscalState = ReturnType<typeof createFiscalState>;

/** São Paulo's month "2026-12" as the instants it starts and ends at. */
function monthBounds(month: string): { from: Date; to: Date } {
  const [year, number] = month.split("-").map(Number);
  if (!year || !number) throw invalid("Escolha o mês (AAAA-MM).");
  // São Paulo has kept UTC-3 all year since 2019.
  const from = new Date(Date.UTC(year, number - 1, 1, 3));
  const to = new Date(Date.UTC(year, number, 1, 3));
  return { from, to };
}

export function createFiscalService(context: FiscalContext, state: FiscalState) {
  const { db } = context;

  async function readRow(): Promise<FiscalSettingsRow> {
    return readThrough(context, state.settings, async () => {
      const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1));
      return row ? openFiscalSecrets(context.secretBox, row).row : defaultFiscalRow();
    });
  }

  const notes = createFiscalNotes(context, { settings: readRow, connection: state.connection });

  /** The webhook registered for the settings' environment, CNPJ and this site's address, when any changed. */
  async function registerWebhook(row: FiscalSettingsRow): Promise<void> {
    const url = webhookUrl(context.config.BASE_URL);
    const client = providerOf(row, state.connection);
    if (!row.enabled || !url || !client || row.cnpj === "") return;
    const target = webhookTarget(row, url);
    if (row.webhookRegisteredFor === target) return;
    let outcome: { webhookRegisteredFor: string | null; webhookError: string | null };
    try {
      await client.registerWebhook({ cnpj: row.cnpj, url, secret: row.webhookSecret }, AbortSignal.timeout(CHECK_MS));
      outcome = { webhookRegisteredFor: target, webhookError: null };
    } catch (error) {
      const message = error instanceof FiscalProviderError ? error.message : `A ${providerLabel(row)} não respondeu.`;
      outcome = {
        webhookRegisteredFor: null,
        webhookError: `O aviso automático (webhook) não foi registrado: ${message} As notas serão consultadas periodicamente enquanto isso.`,
      };
    }
    await db.update(fiscalSettings).set(outcome).where(eq(fiscalSettings.id, 1));
    context.announce({ name: "fiscal.changed", payload: undefined });
  }

  return {
    ...notes,

    /** The settings as the owner's notes use them (secrets opened): for the flows, never for a view. */
    settingsRow: readRow,
    sellerOf,

    async settings(actor: Actor | null): Promise<FiscalSettingsView> {
      requireAdmin(actor);
      return fiscalSettingsView(await readRow(), context.config.BASE_URL);
    },

    /**
     * Saves /conta/fiscal (administrators): the tokens sealed (an empty one keeps the stored one), the audit
     * entry with them as "alterado"; then the provider's webhook registered for this site when it changed.
     */
    async saveSettings(actor: Actor | null, input: FiscalSettingsInput): Promise<FiscalSettingsView> {
      const admin = requireAdmin(actor);
      const saved = await context.transaction(async (tx) => {
        const [stored] = await tx.db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1)).for("update");
        const before = stored ? openFiscalSecrets(context.secretBox, stored).row : defaultFiscalRow();
        const columns = fiscalColumnsOf(input);
        const token = input.environment === "producao" ? columns.productionToken : columns.homologationToken;
        const storedToken = input.environment === "producao" ? before.productionToken : before.homologationToken;
        if (input.enabled && token === "" && storedToken === "")
          throw invalid("Informe o token da Focus NFe do ambiente escolhido.", {
            [input.environment === "producao" ? "production_token" : "homologation_token"]: [
              "Informe o token da Focus NFe do ambiente escolhido",
            ],
          });
        const secret = before.webhookSecret === "" ? newWebhookSecret() : "";
        const sealed = sealFiscalSecrets(
          context.secretBox,
          {
            homologationToken: columns.homologationToken,
            productionToken: columns.productionToken,
            webhookSecret: secret,
          },
          stored ?? defaultFiscalRow(),
        );
        const now = new Date();
        const values = {
          ...columns,
          ...sealed,
          enabledAt: input.enabled ? (before.enabled && before.enabledAt ? before.enabledAt : now) : null,
          updatedAt: now,
        };
        await tx.db
          .insert(fiscalSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: fiscalSettings.id, set: values });
        const after: FiscalSettingsRow = {
          ...before,
          ...columns,
          homologationToken: columns.homologationToken || before.homologationToken,
          productionToken: columns.productionToken || before.productionToken,
          webhookSecret: before.webhookSecret || secret,
          enabledAt: values.enabledAt,
        };
        await tx.services.audit.record({
          actor: admin,
          action: "fiscal.updated",
          recordId: null,
          recordLabel: "Configurações fiscais",
          before: fiscalAuditFields(before),
          after: fiscalAuditFields(after),
          secrets: fiscalSecrets,
        });
        tx.announce({ name: "fiscal.changed", payload: undefined });
        return after;
      });
      await registerWebhook(saved);
      const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1));
      return fiscalSettingsView(row ? openFiscalSecrets(context.secretBox, row).row : saved, context.config.BASE_URL);
    },

    /** "Testar conexão": whether the provider takes the stored token of the chosen environment now. */
    async testConnection(actor: Actor | null): Promise<{ ok: boolean; message: string }> {
      requireAdmin(actor);
      const row = await readRow();
      const client = providerOf(row, state.connection);
      const provider = providerLabel(row);
      if (!client) throw invalid(notSet(provider));
      const environment = row.environment === "producao" ? "produção" : "homologação";
      try {
        await client.checkToken(AbortSignal.timeout(CHECK_MS));
        return { ok: true, message: `Conexão com a ${provider} (${environment}) funcionando: o token foi aceito.` };
      } catch (error) {
        const message = error instanceof FiscalProviderError ? error.message : `A ${provider} não respondeu.`;
        return { ok: false, message };
      }
    },

    /**
     * The XMLs of São Paulo's `month`, zipped for the accountant and written to `sink` as the zip is made: each
     * produção note authorised or denied in it, each cancellation and carta de correção registered in it (each
     * event in its own month, whatever the note's). Homologação's test notes are never in it. The export is in
     * the audit log.
     */
    async exportMonth(actor: Actor | null, month: string, sink: (chunk: Uint8Array, final: boolean) => void) {
      const admin = requireAdmin(actor);
      const { from, to } = monthBounds(month);
      const rows = await notes.monthNotes(from, to);
      const within = (at: Date | string | null) => at !== null && new Date(at) >= from && new Date(at) < to;
      const documents = rows.flatMap((row) => {
        const name = row.accessKey ?? row.reference;
        return [
          ...(within(row.authorizedAt) || within(row.deniedAt) ? [{ key: row.xmlKey, name: `${name}-nfe.xml` }] : []),
          ...(within(row.cancelledAt) ? [{ key: row.cancellationXmlKey, name: `${name}-cancelamento.xml` }] : []),
          ...row.corrections
            .filter((correction) => within(correction.at))
            .map((correction) => ({
              key: correction.xmlKey,
              name: `${name}-${correctionFileName(correction, "carta-correcao-xml")}`,
            })),
        ];
      });
      const zip = new Zip((error, chunk, final) => {
        if (error) throw error;
        sink(chunk, final);
      });
      let files = 0;
      for (const { key, name } of documents) {
        if (!key) continue;
        const stored = await context.storage.get(key);
        if (!stored) continue;
        const entry = new ZipDeflate(name, { level: 6 });
        zip.add(entry);
        const reader = stored.body.getReader();
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          entry.push(chunk.value);
        }
        entry.push(new Uint8Array(0), true);
        files++;
      }
      zip.end();
      await context.services.audit.record({
        actor: admin,
        action: "fiscal_note.exported",
        recordId: null,
        recordLabel: `Notas fiscais de ${month}`,
        details: { Mês: month, Notas: rows.length, Arquivos: files },
      });
      return { notes: rows.length, files };
    },

    /** The settings' secrets this key cannot open, by their names (/conta's notice). */
    async unreadableSecrets(): Promise<string[]> {
      const [row] = await db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1));
      return row ? openFiscalSecrets(context.secretBox, row).unreadable : [];
    },

    /** Seals what is stored in clear or under SECRETS_KEY_OLD (at start); answers how many values it sealed. */
    async sealStoredSecrets(): Promise<number> {
      if (!context.secretBox.sealing) return 0;
      return context.transaction(async (tx) => {
        const [row] = await tx.db.select().from(fiscalSettings).where(eq(fiscalSettings.id, 1)).for("update");
        const changes = row ? resealFiscalSecrets(context.secretBox, row) : null;
        if (!changes) return 0;
        await tx.db.update(fiscalSettings).set(changes).where(eq(fiscalSettings.id, 1));
        return Object.keys(changes).length;
      });
    },
  };
}
