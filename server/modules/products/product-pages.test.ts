import { beforeEach, describe, expect, it } from "vitest";
import type { FormAnswer } from "../../../app/lib/form-answer.ts";
import { action } from "../../../app/routes/conta/products/edit.tsx";
import { EMPTY_ITEM_FISCAL, GTIN_MESSAGE, NCM_MESSAGE } from "../../../common/schemas/fiscal.ts";
import type { ProductView } from "../../../common/views/products.ts";
import { actorByEmail, pageArgs, pagePost, redirectOf } from "../../../tests/support/page-route.ts";
import { switchShopFeature } from "../../../tests/support/shop-fixture.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import type { Actor } from "../../kernel/access.ts";

/*
 * /conta/produtos/:id/edit posted as a browser without JavaScript posts it: the product's fiscal section and
 * each variant row's NCM and GTIN as typed, and the fiscal data a row keeps in hidden fields (set through the
 * API, not shown in the row), read by the schema the REST API reads them with.
 */

const t = withTestApp();

let admin: Actor;
let shirt: ProductView;

beforeEach(async () => {
  const token = await t.setupSite();
  await switchShopFeature(t, token);
  admin = await actorByEmail(t.database, SUPER.email);
  const created = await t.request("POST", "/api/products", {
    token,
    body: {
      name: "Camiseta",
      status: "published",
      options: [{ name: "Tamanho", values: ["P", "M"] }],
      variants: [
        { options: ["P"], sku: "CAM-P", price_cents: 4990, stock: 3 },
        { options: ["M"], sku: "CAM-M", price_cents: 5290, stock: 8, fiscal: { origin: 5 } },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  shirt = created.json<ProductView>();
});

/** The edit form's fields as posted: the shirt's, with `fiscal` naming what the fiscal inputs hold. */
function editForm(fiscal: Record<string, string>): Record<string, string> {
  const [small, medium] = shirt.variants;
  return {
    name: "Camiseta",
    status: "published",
    featured: "off",
    "options[0].name": "Tamanho",
    "options[0].values[0]": "P",
    "options[0].values[1]": "M",
    "variants[0].id": String(small?.id),
    "variants[0].options[0]": "P",
    "variants[0].sku": "CAM-P",
    "variants[0].price_cents": "49,90",
    "variants[0].compare_at_cents": "",
    "variants[0].stock": "3",
    "variants[1].id": String(medium?.id),
    "variants[1].options[0]": "M",
    "variants[1].sku": "CAM-M",
    "variants[1].price_cents": "52,90",
    "variants[1].compare_at_cents": "",
    "variants[1].stock": "8",
    // The row keeps the origin it was given through the API, which it does not show.
    "variants[1].fiscal.origin": "5",
    "fiscal.ncm": "",
    "fiscal.origin": "",
    "fiscal.tax_situation": "",
    "fiscal.unit": "",
    "fiscal.gtin": "",
    "variants[0].fiscal.ncm": "",
    "variants[0].fiscal.gtin": "",
    "variants[1].fiscal.ncm": "",
    "variants[1].fiscal.gtin": "",
    ...fiscal,
  };
}

const save = (fields: Record<string, string>) => {
  const path = `/conta/produtos/${shirt.id}/edit`;
  return action(
    pageArgs(t.services, pagePost(path, fields), {
      actor: admin,
      params: { id: String(shirt.id) },
      pattern: "/conta/produtos/:id/edit",
    }),
  );
};

describe("the product form's fiscal data without JavaScript", () => {
  it("saves the product's section and each variant's NCM and GTIN, keeping what a row holds unseen", async () => {
    const answer = redirectOf(
      await save(
        editForm({
          "fiscal.ncm": "6109.10.00",
          "fiscal.origin": "0",
          "fiscal.tax_situation": "102",
          "fiscal.unit": "un",
          "fiscal.gtin": "sem gtin",
          "variants[0].fiscal.gtin": "7891234567895",
          "variants[1].fiscal.ncm": "6109.90.00",
        }),
      ),
    );
    expect(answer.headers.get("location")).toBe("/conta/produtos");
    const saved = await t.services.products.get(admin, String(shirt.id));
    expect(saved.fiscal).toEqual({ ncm: "61091000", origin: 0, tax_situation: "102", unit: "UN", gtin: "SEM GTIN" });
    expect(saved.variants.map((variant) => [variant.id, variant.fiscal])).toEqual([
      [shirt.variants[0]?.id, { ...EMPTY_ITEM_FISCAL, gtin: "7891234567895" }],
      [shirt.variants[1]?.id, { ...EMPTY_ITEM_FISCAL, ncm: "61099000", origin: 5 }],
    ]);

    // Emptied fields are the shop's defaults again (the product's, for a variant).
    redirectOf(await save(editForm({})));
    const emptied = await t.services.products.get(admin, String(shirt.id));
    expect(emptied.fiscal).toEqual(EMPTY_ITEM_FISCAL);
    expect(emptied.variants.map((variant) => variant.fiscal)).toEqual([
      EMPTY_ITEM_FISCAL,
      { ...EMPTY_ITEM_FISCAL, origin: 5 },
    ]);
  });

  it("answers a bad NCM or GTIN with a 400, the pt-BR message beside each field and what was typed", async () => {
    const answer = (await save(editForm({ "fiscal.ncm": "0901.11", "variants[1].fiscal.gtin": "7891234567890" }))) as {
      data: FormAnswer;
      init: ResponseInit | null;
    };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error).toEqual({
      "fiscal.ncm": [NCM_MESSAGE],
      "variants[1].fiscal.gtin": [GTIN_MESSAGE],
    });
    expect(answer.data.result.initialValue).toMatchObject({
      fiscal: { ncm: "0901.11" },
      variants: [{}, { fiscal: { gtin: "7891234567890" } }],
    });
    expect((await t.services.products.get(admin, String(shirt.id))).fiscal).toEqual(EMPTY_ITEM_FISCAL);
  });
});
