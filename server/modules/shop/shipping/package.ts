import type { QuoteItem } from "./provider.ts";

/**
 * Correios' tpObjeto. It numbers the shapes differently from the product's package format
 * (1 Caixa/Pacote, 2 Rolo/Prisma, 3 Envelope), so the two are never compared as numbers.
 */
export const CORREIOS_OBJECT_TYPE = { envelope: 1, box: 2, roll: 3 } as const;
export type CorreiosObjectType = (typeof CORREIOS_OBJECT_TYPE)[keyof typeof CORREIOS_OBJECT_TYPE];

/** Correios' smallest package, length x width x height: smaller goods travel in a box this size. */
export const MIN_PACKAGE = { length_cm: 16, width_cm: 11, height_cm: 2 } as const;

/** The one package a cart travels in. Sides are whole centimetres, length >= width >= height before the minimums. */
export type ShippingPackage = {
  weight_grams: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  object_type: CorreiosObjectType;
  /** The goods inside (unit price x quantity): the value declared to the carrier. */
  declared_cents: number;
};

/**
 * One package for the whole cart. Weights add up (times quantity). Each unit lies flat, on its largest
 * face, and the units are stacked: the package is as long as the longest unit, as wide as the widest
 * and as tall as the stack. Laying units flat keeps the stack low; it is never smaller than the real
 * box, so the quote is never too cheap. A roll is measured as its length by its diameter by its
 * diameter. Sides round up to whole centimetres and grow to Correios' minimum of 16 x 11 x 2 cm.
 *
 * The shape: an envelope only when every unit is an envelope; a roll when there is a roll and no box
 * (envelopes, being flat, go into the tube); otherwise a box. An empty cart is a box.
 */
export function consolidatePackage(items: readonly QuoteItem[]): ShippingPackage {
  let weight = 0;
  let declared = 0;
  let longest = 0;
  let widest = 0;
  let stack = 0;
  const formats = new Set<QuoteItem["format"]>();
  for (const item of items) {
    if (item.quantity <= 0) continue;
    formats.add(item.format);
    weight += item.weight_grams * item.quantity;
    declared += item.price_cents * item.quantity;
    const sides =
      item.format === 2
        ? [item.length_cm, item.diameter_cm, item.diameter_cm]
        : [item.length_cm, item.width_cm, item.height_cm];
    const [first = 0, second = 0, third = 0] = sides.sort(descending);
    longest = Math.max(longest, first);
    widest = Math.max(widest, second);
    stack += third * item.quantity;
  }
  const [length = 0, width = 0, height = 0] = [longest, widest, stack].map(Math.ceil).sort(descending);
  return {
    weight_grams: Math.ceil(weight),
    length_cm: Math.max(length, MIN_PACKAGE.length_cm),
    width_cm: Math.max(width, MIN_PACKAGE.width_cm),
    height_cm: Math.max(height, MIN_PACKAGE.height_cm),
    object_type: objectTypeOf(formats),
    declared_cents: declared,
  };
}

function objectTypeOf(formats: ReadonlySet<QuoteItem["format"]>): CorreiosObjectType {
  if (formats.size === 0 || formats.has(1)) return CORREIOS_OBJECT_TYPE.box;
  if (formats.has(2)) return CORREIOS_OBJECT_TYPE.roll;
  return CORREIOS_OBJECT_TYPE.envelope;
}

const descending = (left: number, right: number) => right - left;
