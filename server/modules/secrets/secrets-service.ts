import { type Actor, isAdmin } from "../../kernel/access.ts";
import type { SecretsContext } from "./context.ts";

/** What /conta tells administrators about the secrets the product keeps (docs/decisions/0021-secrets-at-rest.md). */
export type SecretsNotice = { title: string; message: string };

export const SECRETS_IN_CLEAR: SecretsNotice = {
  title: "Tokens e segredos guardados sem cifra",
  message:
    "A variável SECRETS_KEY não está definida: os tokens dos Correios, do Melhor Envio, do Mercado Pago, da Focus NFe e do " +
    "Asaas e os " +
    "segredos da verificação em duas etapas ficam sem cifra no banco de dados e nas cópias de segurança. Defina " +
    "SECRETS_KEY (32 bytes aleatórios, como os de openssl rand -base64 32) e reinicie o servidor: eles são cifrados " +
    "na partida. Guarde a chave fora do servidor e das cópias de segurança.",
};

const UNREADABLE_TITLE = "Configurações que não podem ser lidas";

function unreadableMessage(settings: readonly string[], accounts: number): string {
  const items = [...settings];
  if (accounts === 1) items.push("a verificação em duas etapas de 1 conta (ela entra com um código de recuperação)");
  if (accounts > 1)
    items.push(`a verificação em duas etapas de ${accounts} contas (elas entram com um código de recuperação)`);
  const fix =
    settings.length > 0
      ? "Defina a SECRETS_KEY com que foram cifradas e reinicie o servidor, ou informe-as de novo em Loja, em Configurações fiscais ou em Configurações dos associados."
      : "Defina a SECRETS_KEY com que foram cifradas e reinicie o servidor.";
  return `Foram cifradas com uma chave que este servidor não tem (SECRETS_KEY ausente ou diferente): ${items.join("; ")}. ${fix}`;
}

/**
 * The secrets at rest across the areas that keep them (the shop's provider tokens, the fiscal and the members'
 * ones, the accounts' TOTP secrets): sealed at start, and what administrators are told when they are kept in clear or cannot be read.
 */
export function createSecretsService(context: SecretsContext) {
  const { services } = context;
  /** The settings' secrets this key cannot open, by the names /conta gives them. */
  const unreadableSettings = async () => [
    ...(await services.shop.unreadableSecrets()),
    ...(await services.fiscal.unreadableSecrets()),
    ...(await services.members.unreadableSecrets()),
  ];
  return {
    /**
     * Seals every secret stored in clear or under SECRETS_KEY_OLD (nothing without SECRETS_KEY); logs what
     * it sealed and what it cannot read.
     */
    async sealStored(): Promise<void> {
      if (!context.secretBox.sealing) {
        context.logger.warn("SECRETS_KEY is not set: provider tokens and TOTP secrets are stored in clear");
        return;
      }
      const sealed =
        (await services.shop.sealStoredSecrets()) +
        (await services.fiscal.sealStoredSecrets()) +
        (await services.members.sealStoredSecrets()) +
        (await services.auth.sealTwoFactorSecrets());
      if (sealed > 0) context.logger.info({ sealed }, "secrets stored in clear sealed under SECRETS_KEY");
      const settings = await unreadableSettings();
      const accounts = await services.auth.unreadableTwoFactorSecrets();
      if (settings.length > 0 || accounts > 0)
        context.logger.warn({ settings, accounts }, "secrets sealed under a key that is not set cannot be read");
    },

    /** For administrators: whether the secrets are kept in clear, and which cannot be read; empty for others. */
    async notices(actor: Actor | null): Promise<SecretsNotice[]> {
      if (actor === null || !isAdmin(actor)) return [];
      const notices = context.secretBox.sealing ? [] : [SECRETS_IN_CLEAR];
      const settings = await unreadableSettings();
      const accounts = await services.auth.unreadableTwoFactorSecrets();
      if (settings.length > 0 || accounts > 0)
        notices.push({ title: UNREADABLE_TITLE, message: unreadableMessage(settings, accounts) });
      return notices;
    },
  };
}
