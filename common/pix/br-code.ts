// The Pix "BR Code" (copia e cola) of the Banco Central's manual, as brazil-commerce.md sums it up: a chain
// of fields, each its 2-digit ID, its 2-digit length and its value, ending with a CRC-16/CCITT-FALSE.
// No zod here: the checkout page and its e-mail build the same text.

/** A value that cannot go into a BR Code (too long, empty, not ASCII); the settings' schema refuses them first. */
export class PixCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PixCodeError";
  }
}

export const PIX_GUI = "br.gov.bcb.pix";
export const MAX_RECEIVER_NAME = 25;
export const MAX_RECEIVER_CITY = 15;
export const MAX_TXID = 25;
/** A field's value holds at most 99 characters: its length has two digits. */
const MAX_FIELD = 99;

export type PixCodeInput = {
  /** CPF or CNPJ digits, +55 phone, e-mail or random key (EVP), as the receiver's bank registered it. */
  key: string;
  receiverName: string;
  receiverCity: string;
  /** Omitted: the payer types the amount. */
  amountCents?: number;
  /** Letters and digits, at most 25 (the order number); omitted: "***", no identifier. */
  txid?: string;
  /** Shown to the payer by some banks; it shares field 26's 99 characters with the key. */
  description?: string;
  /** Field 01: "11" a code that may be paid more than once, "12" a single use; omitted, no field 01. */
  initiation?: "11" | "12";
};

/** One field: its ID, its length in two digits, its value; values are ASCII, so characters are bytes. */
function field(id: string, value: string, what: string): string {
  if (value.length > MAX_FIELD) throw new PixCodeError(`${what} não cabe no código Pix (${value.length} caracteres)`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Text for a BR Code: accents dropped ("São Paulo" -> "Sao Paulo"), anything left that is not printable
 * ASCII removed, white space made single spaces. Every character kept stands for one typed, so a text within the
 * limit stays within it.
 */
export function pixText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s/g, " ")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** `article` and `noun` name the value in the errors: "o" and "nome do recebedor". */
function limitedText(value: string, max: number, article: string, noun: string): string {
  const text = pixText(value);
  if (text === "") throw new PixCodeError(`Informe ${article} ${noun} do Pix`);
  if (text.length > max)
    throw new PixCodeError(`${article.toUpperCase()} ${noun} do Pix tem mais de ${max} caracteres`);
  return text;
}

/** Cents as the amount field writes it: 1234 -> "12.34". */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new PixCodeError(`Valor inválido para o Pix: ${cents}`);
  const digits = String(cents).padStart(3, "0");
  const amount = `${digits.slice(0, -2)}.${digits.slice(-2)}`;
  if (amount.length > 13) throw new PixCodeError("Valor alto demais para um código Pix");
  return amount;
}

/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; 4 upper-case hex
 * digits. Over character codes, which for a BR Code's ASCII text are its bytes.
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index++) {
    crc ^= text.charCodeAt(index) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/** The static BR Code for `input`; throws a PixCodeError for a value that does not fit. */
export function buildPixCode(input: PixCodeInput): string {
  const key = input.key.trim();
  if (key === "") throw new PixCodeError("Informe a chave Pix");
  if (!PRINTABLE_ASCII.test(key)) throw new PixCodeError("A chave Pix tem caracteres inválidos");
  const description = input.description === undefined ? "" : pixText(input.description);
  const txid = input.txid ?? "***";
  if (txid !== "***" && !new RegExp(`^[A-Za-z0-9]{1,${MAX_TXID}}$`).test(txid))
    throw new PixCodeError(`O identificador do Pix deve ter de 1 a ${MAX_TXID} letras ou números`);

  const account =
    field("00", PIX_GUI, "O identificador do arranjo") +
    field("01", key, "A chave Pix") +
    (description === "" ? "" : field("02", description, "A descrição"));
  const payload = [
    field("00", "01", "A versão"),
    input.initiation === undefined ? "" : field("01", input.initiation, "O tipo de código"),
    field("26", account, "A chave Pix com a descrição"),
    field("52", "0000", "A categoria"),
    field("53", "986", "A moeda"),
    input.amountCents === undefined ? "" : field("54", pixAmount(input.amountCents), "O valor"),
    field("58", "BR", "O país"),
    field("59", limitedText(input.receiverName, MAX_RECEIVER_NAME, "o", "nome do recebedor"), "O nome"),
    field("60", limitedText(input.receiverCity, MAX_RECEIVER_CITY, "a", "cidade do recebedor"), "A cidade"),
    field("62", field("05", txid, "O identificador"), "Os dados adicionais"),
    "6304",
  ].join("");
  return payload + crc16(payload);
}

/**
 * The receiver's name (field 59) of a BR Code, ours or a provider's, as the payer's bank shows it before
 * she confirms; null when the text is not a chain of fields that has one.
 */
export function pixReceiverName(code: string): string | null {
  let at = 0;
  while (at + 4 <= code.length) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    if (!/^\d{4}$/.test(code.slice(at, at + 4)) || at + 4 + length > code.length) return null;
    if (id === "59") return code.slice(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return null;
}
