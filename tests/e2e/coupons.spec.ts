import type { APIRequestContext } from "@playwright/test";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { errorOf, expect, expectPath, jsonOf, login, test, uniqueId, waitForHydratedPage } from "./fixtures.ts";

// The coupons of /conta/cupons on a phone: an administrator creates one, finds it in the list and edits
// it; a wrong value is refused beside its field in pt-BR; the same form works as a plain post.

type Coupon = {
  id: number;
  code: string;
  percent: number | null;
  amount_cents: number | null;
  min_subtotal_cents: number;
  valid_from: string | null;
  valid_until: string | null;
  product_ids: number[];
};

test.use({ viewport: { width: 375, height: 800 } });

/** Every coupon whose code holds `text`, deleted (or switched off, had an order used it). */
async function deleteCoupons(api: APIRequestContext, text: string) {
  const { data } = await jsonOf<{ data: Coupon[] }>(await api.get(`/api/coupons?q=${encodeURIComponent(text)}`));
  for (const coupon of data) await api.delete(`/api/coupons/${coupon.id}`);
}

test("an administrator on a phone creates a 10 % coupon with a minimum and days, then edits it", async ({
  page,
  api,
  createUser,
}) => {
  const code = `FEIRA-${uniqueId()}`.toUpperCase();
  const admin = await createUser("admin");
  try {
    await login(page, admin.email, admin.password);
    await page.goto("/conta/cupons");
    await page.getByRole("link", { name: "Novo cupom" }).click();
    await expectPath(page, "/conta/cupons/new");
    await waitForHydratedPage(page);
    const form = page.getByRole("form", { name: "Novo cupom" });
    // Marked required are the fields that are: the days and the limits may be left blank, as their hints say.
    await expect(form.getByRole("textbox", { name: "Código" })).toHaveAttribute("required");
    await expect(form.getByRole("textbox", { name: "Porcentagem (%)" })).toHaveAttribute("required");
    for (const name of ["Primeiro dia", "Último dia"])
      await expect(form.getByLabel(name)).not.toHaveAttribute("required");
    for (const name of ["Usos no total", "Usos por cliente", "Valor mínimo do carrinho (R$)"])
      await expect(form.getByRole("textbox", { name })).not.toHaveAttribute("required");
    await form.getByRole("textbox", { name: "Código" }).fill(code.toLowerCase());
    await expect(form.getByRole("combobox", { name: "Desconto" })).toHaveValue("percent");
    // Only the chosen kind's value shows once the page runs.
    await expect(form.getByRole("textbox", { name: "Valor do desconto (R$)" })).toHaveCount(0);
    const percent = form.getByRole("textbox", { name: "Porcentagem (%)" });
    await percent.fill("150");
    await percent.blur();
    await expect(await errorOf(percent)).toHaveText("Informe a porcentagem de desconto, de 1 a 100");
    await percent.fill("10");
    await form.getByRole("textbox", { name: "Valor mínimo do carrinho (R$)" }).fill("100,00");
    await form.getByLabel("Primeiro dia").fill("2026-12-01");
    await form.getByLabel("Último dia").fill("2026-12-31");
    await form.getByRole("textbox", { name: "Usos no total" }).fill("10");
    await form.getByRole("button", { name: "Salvar" }).click();

    await expectPath(page, "/conta/cupons");
    await expect(page.getByText("Cupom criado com sucesso!")).toBeVisible();
    await page.goto(`/conta/cupons?q=${code}`);
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row.getByRole("cell")).toHaveText([code, "10 %", "01/12/2026 a 31/12/2026", "0 de 10", /.+/, /.*/]);
    // Stacked on a phone: no cell is off the screen.
    const box = await row.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(375);

    await row.getByRole("link", { name: `Editar ${code}` }).click();
    const edit = page.getByRole("form", { name: "Editar cupom" });
    await expect(edit.getByRole("textbox", { name: "Valor mínimo do carrinho (R$)" })).toHaveValue("100,00");
    await expect(edit.getByLabel("Último dia")).toHaveValue("2026-12-31");
    await waitForHydratedPage(page);
    await edit.getByRole("combobox", { name: "Desconto" }).selectOption("fixed");
    await edit.getByRole("textbox", { name: "Valor do desconto (R$)" }).fill("15");
    await edit.getByRole("button", { name: "Salvar" }).click();
    await expectPath(page, "/conta/cupons");
    await expect(page.getByText("Cupom salvo com sucesso!")).toBeVisible();
    const { data } = await jsonOf<{ data: Coupon[] }>(await api.get(`/api/coupons?q=${code}`));
    expect(data).toEqual([
      expect.objectContaining({
        code,
        percent: null,
        amount_cents: 1500,
        min_subtotal_cents: 10000,
        valid_from: "2026-12-01",
        valid_until: "2026-12-31",
      }),
    ]);
  } finally {
    await deleteCoupons(api, code);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a coupon is refused with every error at once, then saved as a plain form with its products", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const code = `SEMJS-${id}`.toUpperCase();
    const product = await jsonOf<{ id: number }>(
      await api.post("/api/products", {
        data: { name: `Queijo canastra ${id}`, status: "published", variants: [{ price_cents: 4500, stock: 3 }] },
      }),
      201,
    );
    await jsonOf(await api.post("/api/coupons", { data: { code: `OCUPADO-${id}`, kind: "free_shipping" } }), 201);
    const admin = await createUser("admin");
    try {
      await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/cupons/new");
      const form = page.getByRole("form", { name: "Novo cupom" });
      const codeField = form.getByRole("textbox", { name: "Código" });
      const percent = form.getByRole("textbox", { name: "Porcentagem (%)" });
      const until = form.getByLabel("Último dia");
      await codeField.fill("cupom de natal");
      await percent.fill("0");
      await form.getByLabel("Primeiro dia").fill("2026-12-10");
      await until.fill("2026-12-01");
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(codeField)).toHaveText("Use de 1 a 30 letras sem acento, números, - ou _");
      await expect(await errorOf(percent)).toHaveText("Informe a porcentagem de desconto, de 1 a 100");
      await expect(await errorOf(until)).toHaveText("O último dia não pode ser antes do primeiro");
      await expect(codeField).toHaveValue("cupom de natal");

      // The service's refusal (a code taken, whatever its case) comes back beside its field too.
      await codeField.fill(`ocupado-${id}`);
      await percent.fill("10");
      await until.fill("2026-12-31");
      await form.getByRole("checkbox", { name: `Queijo canastra ${id}` }).check();
      await form.getByRole("button", { name: "Salvar" }).click();
      await expect(await errorOf(codeField)).toHaveText("Já existe um cupom com este código");

      await codeField.fill(code);
      await expect(form.getByRole("checkbox", { name: `Queijo canastra ${id}` })).toBeChecked();
      await form.getByRole("button", { name: "Salvar" }).click();
      await expectPath(page, "/conta/cupons");
      const { data } = await jsonOf<{ data: Coupon[] }>(await api.get(`/api/coupons?q=${code}`));
      expect(data).toEqual([
        expect.objectContaining({ code, percent: 10, valid_from: "2026-12-10", product_ids: [product.id] }),
      ]);
    } finally {
      await deleteCoupons(api, id);
      await api.delete(`/api/products/${product.id}`);
    }
  });
});
