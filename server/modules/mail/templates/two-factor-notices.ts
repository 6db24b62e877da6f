import { html } from "./html.ts";
import type { MailContent, MailSite } from "./layout.ts";
import type { MailTemplateData } from "./mail-data.ts";

const paragraphs = (lines: string[]): Pick<MailContent, "html" | "text"> => ({
  html: html`${lines.map((line, index) => html`<p style="margin:0 0 ${index === lines.length - 1 ? "0" : "8px"}">${line}</p>`)}`,
  text: lines.join("\n\n"),
});

const NOT_YOU =
  "Se não foi você, alguém pode estar usando a sua conta: troque a sua senha em “Esqueci minha senha” e fale com a equipe do site o quanto antes.";

/** Her verification in two steps was turned on, off (by her), or cleared by a super user; when, in São Paulo time. */
export function twoFactorChanged(
  { name, change, at }: MailTemplateData["two-factor-changed"],
  site: MailSite,
): MailContent {
  const what = {
    enabled: {
      heading: "Verificação em duas etapas ativada",
      line: `a verificação em duas etapas da sua conta em ${site.title} foi ativada em ${at}. De agora em diante, ao entrar, o site pede a senha e o código do aplicativo autenticador. As outras sessões da conta foram encerradas.`,
    },
    disabled: {
      heading: "Verificação em duas etapas desativada",
      line: `a verificação em duas etapas da sua conta em ${site.title} foi desativada em ${at}. Ao entrar, o site passa a pedir só a senha.`,
    },
    reset: {
      heading: "Verificação em duas etapas redefinida",
      line: `um usuário Super de ${site.title} redefiniu a verificação em duas etapas da sua conta em ${at}: o aplicativo autenticador e os códigos de recuperação antigos deixaram de valer, e as suas sessões foram encerradas. Se o site exigir a verificação, você adiciona o aplicativo de novo ao entrar.`,
    },
  }[change];
  return { subject: what.heading, heading: what.heading, ...paragraphs([`Olá, ${name}: ${what.line}`, NOT_YOU]) };
}

/** The first burst of wrong codes after a right password: someone else has the password. */
export function twoFactorGuessing({ name, at }: MailTemplateData["two-factor-guessing"], site: MailSite): MailContent {
  const heading = "Alguém tem a sua senha";
  return {
    subject: `${heading}: troque-a agora`,
    heading,
    ...paragraphs([
      `Olá, ${name}. Em ${at}, alguém entrou com a senha certa da sua conta em ${site.title} e errou o código de verificação várias vezes. Se não foi você, alguém tem a sua senha.`,
      "A verificação em duas etapas segurou a entrada, e o site passou a esperar cada vez mais entre uma tentativa e outra. Troque a sua senha agora em “Esqueci minha senha”. Você continua podendo entrar com o código do aplicativo ou com um código de recuperação.",
    ]),
  };
}
