/** A valid CPF for each serial number below 10⁹ (its two check digits computed): test people who never repeat. */
export function cpfOf(serial: number): string {
  const digits = String(serial % 1_000_000_000)
    .padStart(9, "0")
    .split("")
    .map(Number);
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join("");
}
