import Bowser from "bowser";

/** A session's device as 'Meus dados' names it, from its User-Agent: "Chrome no Linux", "Safari no iOS". */
export function deviceOf(userAgent: string): string {
  if (userAgent === "") return "Dispositivo desconhecido";
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name || "Programa desconhecido";
  return os.name ? `${name} no ${os.name}` : name;
}
