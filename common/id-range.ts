/**
 * Ids are PostgreSQL `integer` columns: anything larger would fail in the database, not in validation.
 * Apart from common/schemas/id.ts so that code the browser runs (the cart cookie) can use it without zod.
 */
export const MAX_ID = 2147483647;
