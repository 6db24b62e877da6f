import { invalid } from "./errors.ts";

/**
 * The fields of a request body for the REST API (server/http/input.ts) and the shop's pages that
 * answer in the cart's own shape (cart, product, checkout): JSON, a form post (urlencoded or
 * multipart), or JSON sent without a content type. The shared zod schema checks the fields afterwards
 * (common/parse-input.ts). The other pages' forms are read by app/lib/form-action.server.ts.
 */
export async function readBodyFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("content-type") ?? "";
  let raw: unknown;
  try {
    if (type.includes("application/json")) raw = await request.json();
    else if (type.includes("form")) raw = Object.fromEntries((await request.formData()).entries());
    else raw = JSON.parse((await request.text()) || "null");
  } catch {
    throw invalid("O corpo da requisição não é um JSON válido.");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw invalid("Envie os dados como um objeto JSON.");
  }
  return raw as Record<string, unknown>;
}
