/** True for PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ("code" in cause && cause.code === "23505") return true;
  }
  return false;
}

/** A LIKE/ILIKE pattern matching `text` anywhere, with its own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
