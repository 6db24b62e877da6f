import QRCode from "qrcode";

/**
 * A BR Code's QR as an SVG document, drawn as server/modules/payments/pix-static.ts draws an order's:
 * medium error correction (read from a screen or a print) and the four-module quiet zone the QR standard
 * asks for. The members' views carry the due's BR Code only, and the app may not import the server's code.
 */
export function pixQrSvg(copyPaste: string): Promise<string> {
  return QRCode.toString(copyPaste, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
}
