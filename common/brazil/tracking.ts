// Tracking codes and the carriers' public tracking pages. Zod-free: the customer's screens, the e-mails and
// the order schema all read it.

/** Correios' codes follow UPU S10: two letters (service), eight digits, a check digit, two letters (country). */
const S10 = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

export const CORREIOS_CODE_MESSAGE =
  "Código dos Correios inválido: 2 letras, 9 números e 2 letras, como AA123456785BR (confira o dígito)";

/** The S10 check digit of eight digits: 11 - (weighted sum mod 11), where 10 gives 0 and 11 gives 5. */
export function s10CheckDigit(serial: string): number {
  const sum = S10_WEIGHTS.reduce((total, weight, index) => total + weight * Number(serial[index]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 10) return 0;
  if (digit === 11) return 5;
  return digit;
}

/** A Correios code as typed ("aa 123 456 785 br") in its one form ("AA123456785BR"). */
export const normalizeCorreiosCode = (typed: string): string => typed.replace(/\s+/g, "").toUpperCase();

/** A Correios code in its normal form, with the right check digit. */
export function isCorreiosCode(code: string): boolean {
  const match = S10.exec(code);
  return match !== null && s10CheckDigit(match[2] ?? "") === Number(match[3]);
}

export const carriers = ["correios", "jadlog", "loggi", "jt", "melhorenvio", "other"] as const;
export type Carrier = (typeof carriers)[number];
export const DEFAULT_CARRIER: Carrier = "correios";

export const carrierLabels: Record<Carrier, string> = {
  correios: "Correios",
  jadlog: "Jadlog",
  loggi: "Loggi",
  jt: "J&T Express",
  melhorenvio: "Melhor Envio",
  other: "Outra transportadora",
};

export const isCarrier = (value: string): value is Carrier => (carriers as readonly string[]).includes(value);

/**
 * Each carrier's public tracking page for a code. "Outra transportadora" has none of its own: the
 * administrator may give the page's address when marking the order sent.
 */
const TRACKING_PAGES: Record<Exclude<Carrier, "other">, (code: string) => string> = {
  correios: (code) => `https://rastreamento.correios.com.br/app/index.php?objetos=${code}`,
  jadlog: (code) => `https://www.jadlog.com.br/jadlog/tracking?cte=${code}`,
  loggi: (code) => `https://www.loggi.com/rastreador/${code}`,
  jt: (code) => `https://www.jtexpress.com.br/trajectoryQuery?bills=${code}`,
  // A label bought through Melhor Envio is followed on its public tracker, Melhor Rastreio, whichever
  // carrier takes it: the code may be the carrier's or Melhor Envio's own, and the page knows both.
  melhorenvio: (code) => `https://www.melhorrastreio.com.br/rastreio/${code}`,
};

/**
 * Where the customer follows her parcel: the carrier's page for the code, or the one given (by the
 * administrator for "Outra transportadora"; by Melhor Envio for its own labels, else Melhor Rastreio's).
 */
export function trackingUrl(carrier: Carrier, code: string, givenUrl: string | null): string | null {
  if (carrier === "other") return givenUrl;
  if (carrier === "melhorenvio" && givenUrl !== null) return givenUrl;
  return code === "" ? null : TRACKING_PAGES[carrier](encodeURIComponent(code));
}
