import { describe, expect, it } from "vitest";
import { sniffImageFormat } from "./image-format.ts";
import { makeImage, svgWithScript } from "./test-images.ts";

describe("sniffImageFormat", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)("recognises %s by its bytes", async (format) => {
    expect(sniffImageFormat(await makeImage(format, 8, 8))).toBe(format);
  });

  it("refuses SVG, text, empty and near-miss signatures", () => {
    expect(sniffImageFormat(svgWithScript)).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode("isto não é uma imagem"))).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
    expect(sniffImageFormat(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageFormat(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    // An ISO-BMFF file that is not AVIF (an MP4 video).
    expect(sniffImageFormat(new TextEncoder().encode("\0\0\0\x18ftypisom\0\0\0\0isommp41"))).toBeNull();
  });
});
