import type { Metadata, SharpConstructor } from "sharp";
import { invalid, tooLarge } from "../../../common/errors.ts";
import { type ImageFormat, sniffImageFormat } from "./image-format.ts";

let loadingSharp: Promise<SharpConstructor> | null = null;

/**
 * sharp, loaded with the first image: libvips costs ~20 MB of memory in every process and thread that
 * loads it, and most never see an upload (visitors' pages, the render workers).
 */
async function sharpLibrary(): Promise<SharpConstructor> {
  loadingSharp ??= import("sharp").then(({ default: sharp }) => {
    // Every upload is a new image, so libvips' operation cache (up to 50 MB) only keeps memory that a
    // repeat would never use.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}

/**
 * Above this the image is refused before decoding. A 48 MP phone photo
 * (8000x6000) fits; a decompression bomb (a few kB of PNG claiming
 * 20000x20000) does not, and auto-rotation may hold the whole decoded
 * image in memory.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const THUMB_SIZE = 400;
export const AVERAGE_WIDTH = 1920;

export const UNSUPPORTED_IMAGE = "Envie uma imagem JPEG, PNG, WebP, GIF ou AVIF.";
export const UNREADABLE_IMAGE = "Não foi possível ler a imagem. O arquivo pode estar corrompido ou incompleto.";

export type ProcessedImage = {
  format: ImageFormat;
  /** As shown, after the EXIF orientation is applied. */
  width: number;
  height: number;
  thumb: Buffer;
  average: Buffer;
};

/** libvips reports AVIF as HEIF; HEIC shares the container but not the codec. */
function decodedFormat(metadata: Metadata): string {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : "heic";
  return metadata.format;
}

async function readMetadata(bytes: Uint8Array): Promise<Metadata> {
  const sharp = await sharpLibrary();
  try {
    // Only the header is read here, so the pixel limit is ours to check, with a clear message.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw invalid(UNREADABLE_IMAGE);
  }
}

/**
 * Checks that the bytes are a supported image and renders the `thumb`
 * (400x400, cropped to fill) and `average` (1920 px wide, never enlarged)
 * versions as WebP, turned upright by EXIF and without metadata. Animated
 * GIF/WebP keep only their first frame in these versions.
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw invalid(UNSUPPORTED_IMAGE);
  const metadata = await readMetadata(bytes);
  if (decodedFormat(metadata) !== format) throw invalid(UNSUPPORTED_IMAGE);
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw tooLarge(
      `A imagem tem ${width} × ${height} pixels; envie uma imagem de até ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
    );
  }

  // failOn "error" refuses truncated or broken pixel data but tolerates the
  // harmless warnings many camera JPEGs raise, which "warning" would refuse.
  const sharp = await sharpLibrary();
  const source = sharp(bytes, { autoOrient: true, failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    const [thumb, average] = await Promise.all([
      source.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: "cover" }).webp({ quality: 80 }).toBuffer(),
      source.clone().resize({ width: AVERAGE_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    ]);
    return { format, width, height, thumb, average };
  } catch {
    throw invalid(UNREADABLE_IMAGE);
  }
}
