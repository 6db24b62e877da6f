// The shop's WhatsApp: kept as the digits wa.me takes (55, the DDD, the number), typed the ways Brazilians write
// it, and the one place its links and their pt-BR messages are built.

export const WHATSAPP_MESSAGE = "Informe o WhatsApp com DDD, como (81) 99999-8888";

/** The DDD (no 0 in it), then a mobile's nine digits, which start with 9, or a landline's eight, from 2 to 5. */
const NATIONAL = /^[1-9]{2}(?:9\d{8}|[2-5]\d{7})$/;

/**
 * "(81) 99999-8888", "+55 81 99999-8888", "081 3333-4444" or "5581999998888" as wa.me's digits
 * ("5581999998888"); null when it is not a Brazilian number with its DDD.
 */
export function normalizeWhatsapp(text: string): string | null {
  const value = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (value.startsWith("+") || (digits.startsWith("55") && digits.length >= 12)) {
    if (!digits.startsWith("55")) return null;
    digits = digits.slice(2);
  } else if (digits.startsWith("0")) {
    // The long-distance prefix some still dial before the DDD.
    digits = digits.slice(1);
  }
  return NATIONAL.test(digits) ? `55${digits}` : null;
}

/** Stored digits as people read them: "5581999998888" -> "(81) 99999-8888". */
export function formatWhatsapp(number: string): string {
  const match = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : number;
}

/** A chat with `number` (stored digits) opened with `message` typed in. */
export function whatsappLink(number: string, message: string): string {
  return `https://wa.me/${number}?text=${encodeURIComponent(message)}`;
}

/** What a visitor sends from a product page: the product and where it is. */
export const productWhatsappMessage = (name: string, address: string) =>
  `Olá! Tenho interesse no produto ${name}: ${address}`;

/** What a customer sends from her order: its number and the shop's name, and the order's address when known. */
export const orderWhatsappMessage = (number: number, siteTitle: string, address: string | null) =>
  `Olá! Sobre o meu pedido nº ${number} na ${siteTitle}${address ? `: ${address}` : "."}`;
