import QRCode from "qrcode";
import { conflict } from "../../../common/errors.ts";
import { buildPixCode, PixCodeError } from "../../../common/pix/br-code.ts";
import type { PaymentSettings } from "../../../common/schemas/payments.ts";
import type { PaymentGateway } from "./provider.ts";

/**
 * The order's QR as an SVG document: medium error correction (a phone reads it from a screen or a print)
 * and the four-module quiet zone the QR standard asks for.
 */
export function pixQrSvg(copyPaste: string): Promise<string> {
  return QRCode.toString(copyPaste, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}

/**
 * Pix without a contract: a static BR Code with the shop's key, the order's total and its number as txid.
 * Nothing tells the shop it was paid: an administrator confirms it.
 */
export function pixStaticGateway(settings: PaymentSettings["pix"]): PaymentGateway {
  return {
    provider: "pix",
    async charge(input) {
      const copyPaste = pixStaticCode(settings, input.totalCents, input.orderNumber);
      return { kind: "pix_static", copyPaste, qrSvg: await pixQrSvg(copyPaste) };
    },
  };
}

/** The order's BR Code ("Pix Copia e Cola") alone, without its QR: what the order's e-mail shows. */
export function pixStaticCode(settings: PaymentSettings["pix"], totalCents: number, orderNumber: number): string {
  try {
    return buildPixCode({
      key: settings.key,
      receiverName: settings.receiver_name,
      receiverCity: settings.receiver_city,
      amountCents: totalCents,
      txid: String(orderNumber),
      initiation: "11",
    });
  } catch (error) {
    // Settings saved through /conta/shop always fit; these are a shop whose Pix was never set up.
    if (error instanceof PixCodeError)
      throw conflict(`O pagamento por Pix da loja não está configurado: ${error.message}.`);
    throw error;
  }
}
