function mix(hex: string, target: number, amount: number): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16));
  return `#${channels
    .map((value) => Math.round(value + (target - value) * amount))
    .map((value) => value.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** Ten shades around one colour, lightest first; shade 6 is the colour itself. */
export function colorShades(hex: string): string[] {
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.35, 0.18].map((amount) => mix(hex, 255, amount));
  const darker = [0.15, 0.3, 0.45].map((amount) => mix(hex, 0, amount));
  return [...lighter, hex, ...darker];
}
