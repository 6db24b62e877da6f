import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../../common/errors.ts";
import { processImage, UNREADABLE_IMAGE, UNSUPPORTED_IMAGE } from "./image-processing.ts";
import { makeImage, svgWithScript } from "./test-images.ts";

async function failure(bytes: Uint8Array): Promise<DomainError> {
  const error = await processImage(bytes).catch((caught: unknown) => caught);
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("processImage", () => {
  it("renders a 400x400 thumb and a 1920 px wide average as WebP without metadata", async () => {
    const image = await processImage(await makeImage("jpeg", 3000, 2000));
    expect(image).toMatchObject({ format: "jpeg", width: 3000, height: 2000 });
    const thumb = await sharp(image.thumb).metadata();
    const average = await sharp(image.average).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 400, 400]);
    expect([average.format, average.width, average.height]).toEqual(["webp", 1920, 1280]);
    expect(average.exif).toBeUndefined();
    expect(average.icc).toBeUndefined();
  });

  it("turns photos upright by their EXIF orientation", async () => {
    const image = await processImage(await makeImage("jpeg", 300, 100, 6));
    expect([image.width, image.height]).toEqual([100, 300]);
    const average = await sharp(image.average).metadata();
    expect([average.width, average.height, average.orientation]).toEqual([100, 300, undefined]);
  });

  it("refuses bytes that are not a supported image, whatever they claim", async () => {
    expect((await failure(svgWithScript)).message).toBe(UNSUPPORTED_IMAGE);
    expect((await failure(new TextEncoder().encode("olá"))).message).toBe(UNSUPPORTED_IMAGE);
  });

  it("answers invalid, not a crash, for truncated or corrupt images", async () => {
    const jpeg = await makeImage("jpeg", 600, 400);
    const png = await makeImage("png", 600, 400);
    for (const broken of [jpeg.subarray(0, jpeg.length / 2), png.subarray(0, png.length - 30), jpeg.subarray(0, 4)]) {
      const error = await failure(broken);
      expect([error.kind, error.message]).toEqual(["invalid", UNREADABLE_IMAGE]);
    }
  });

  it("refuses pixel bombs before decoding them", async () => {
    const bomb = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await failure(bomb);
    expect(error.kind).toBe("too_large");
    expect(error.message).toBe("A imagem tem 10000 × 6000 pixels; envie uma imagem de até 50 megapixels.");
  });
});
