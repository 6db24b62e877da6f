import QRCode from "qrcode";

/**
 * A member card's QR: the absolute address of her verification page, drawn as a due's Pix QR is
 * (app/lib/pix-qr.server.ts): medium error correction, so a worn print still reads, and the four-module
 * quiet zone the QR standard asks for.
 */
export function memberCardQrSvg(verificationUrl: string): Promise<string> {
  return QRCode.toString(verificationUrl, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}
