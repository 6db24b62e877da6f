// GTIN (EAN-8, UPC-A, EAN-13, GTIN-14), the barcode a nota fiscal's item carries in `cEAN`, or the words
// "SEM GTIN" for a product without one (the NF-e's own value since its layout 4.00).

export const NO_GTIN = "SEM GTIN";

/** GS1's check digit: the digits weighted 3 and 1 from the right, the complement to the next ten. */
function checkDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const fromRight = body.length - index;
    sum += Number(body[index]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `code` is a GTIN of 8, 12, 13 or 14 digits whose last digit checks, or "SEM GTIN". */
export function isValidGtin(code: string): boolean {
  if (code === NO_GTIN) return true;
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  return checkDigit(code.slice(0, -1)) === Number(code.at(-1));
}
