import sharp from "sharp";

/** Real encoded images made on the fly for the upload tests. */
type Encoding = "jpeg" | "png" | "webp" | "gif" | "avif";

export function makeImage(format: Encoding, width: number, height: number, orientation?: number): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: "#c0392b" } }).toFormat(format);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

export function asFile(bytes: Uint8Array, name: string, type = "application/octet-stream"): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export function formWith(...files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append("file", file);
  return form;
}
