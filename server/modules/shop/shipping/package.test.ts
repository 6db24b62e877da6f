import { describe, expect, it } from "vitest";
import { CORREIOS_OBJECT_TYPE, consolidatePackage, MIN_PACKAGE } from "./package.ts";
import { PACKAGE_FORMATS, type QuoteItem } from "./provider.ts";
import { quoteItem } from "./test-fixtures.ts";

describe("consolidatePackage", () => {
  it("adds up weights and declared values times quantities", () => {
    const box = consolidatePackage([
      quoteItem({ weight_grams: 250, quantity: 3 }),
      quoteItem({ weight_grams: 1000, price_cents: 1990 }),
    ]);
    expect(box.weight_grams).toBe(1750);
    expect(box.declared_cents).toBe(3 * 5000 + 1990);
  });

  it("lays every unit flat and stacks them: longest length, widest width, heights added", () => {
    const box = consolidatePackage([
      quoteItem({ length_cm: 30, width_cm: 20, height_cm: 4, quantity: 2 }),
      // Stood on end as typed, it lies flat on its 25 x 18 face.
      quoteItem({ length_cm: 6, width_cm: 18, height_cm: 25 }),
    ]);
    expect(box).toMatchObject({ length_cm: 30, width_cm: 20, height_cm: 4 * 2 + 6 });
  });

  it("turns a tall stack into the length, so length >= width >= height", () => {
    const box = consolidatePackage([quoteItem({ length_cm: 20, width_cm: 15, height_cm: 10, quantity: 4 })]);
    expect(box).toMatchObject({ length_cm: 40, width_cm: 20, height_cm: 15 });
  });

  it("grows small goods to Correios' minimum 16 x 11 x 2 cm and rounds sides up", () => {
    expect(MIN_PACKAGE).toEqual({ length_cm: 16, width_cm: 11, height_cm: 2 });
    const box = consolidatePackage([quoteItem({ length_cm: 5, width_cm: 3, height_cm: 0.5, weight_grams: 20.4 })]);
    expect(box).toMatchObject({ length_cm: 16, width_cm: 11, height_cm: 2, weight_grams: 21 });
    expect(consolidatePackage([quoteItem({ length_cm: 16.2, width_cm: 12, height_cm: 3 })])).toMatchObject({
      length_cm: 17,
      width_cm: 12,
      height_cm: 3,
    });
  });

  it("measures a roll by its length and diameter", () => {
    const box = consolidatePackage([
      quoteItem({ format: 2, length_cm: 60, diameter_cm: 8, width_cm: 0, height_cm: 0 }),
    ]);
    expect(box).toMatchObject({ length_cm: 60, width_cm: 11, height_cm: 8, object_type: CORREIOS_OBJECT_TYPE.roll });
  });

  it("chooses Correios' object type from the formats, which number the shapes differently", () => {
    expect(PACKAGE_FORMATS.map((format) => `${format.value} ${format.label}`)).toEqual([
      "1 Caixa/Pacote",
      "2 Rolo/Prisma",
      "3 Envelope",
    ]);
    expect(CORREIOS_OBJECT_TYPE).toEqual({ envelope: 1, box: 2, roll: 3 });
    const envelope = quoteItem({ format: 3, height_cm: 0 });
    const roll = quoteItem({ format: 2, diameter_cm: 5 });
    const box = quoteItem({ format: 1 });
    const typeOf = (items: QuoteItem[]) => consolidatePackage(items).object_type;
    expect(typeOf([envelope, envelope])).toBe(CORREIOS_OBJECT_TYPE.envelope);
    expect(typeOf([roll, envelope])).toBe(CORREIOS_OBJECT_TYPE.roll);
    expect(typeOf([roll, box])).toBe(CORREIOS_OBJECT_TYPE.box);
    expect(typeOf([envelope, box])).toBe(CORREIOS_OBJECT_TYPE.box);
    expect(typeOf([])).toBe(CORREIOS_OBJECT_TYPE.box);
  });

  it("ignores lines without units", () => {
    expect(
      consolidatePackage([quoteItem({ format: 3 }), quoteItem({ quantity: 0, weight_grams: 9000 })]),
    ).toMatchObject({
      weight_grams: 300,
      object_type: CORREIOS_OBJECT_TYPE.envelope,
    });
  });
});
