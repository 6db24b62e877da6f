import sharp from "sharp";
import { openBeforeHydration } from "./before-hydration.ts";
import { colorOf, errorOf, expect, expectPath, login, test, waitForHydration } from "./fixtures.ts";
import { FRESH_URL } from "./site.ts";

// The only spec on the fresh server: it runs the first-time setup there, once, then edits the settings.
test.use({ baseURL: FRESH_URL });
test.describe.configure({ mode: "serial" });

const DANGER_RED = [220, 53, 69];

test("first-time setup from an empty data folder", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("alert").filter({ hasText: "Site não configurado" })).toBeVisible();
  // Nobody can sign in and there is nothing to search yet.
  await expect(page.getByRole("banner").getByRole("link", { name: "Minha conta" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("searchbox")).toHaveCount(0);
  const live = page.getByRole("alert").filter({ hasText: "O site está no ar!" });
  await expect(live).toBeVisible();
  await expect(live).toContainText("domínio");
  await expect(live).toContainText("BASE_URL");

  const form = page.getByRole("form", { name: "Configuração inicial" });
  const title = form.getByRole("textbox", { name: "Título do site", exact: true });
  const adminName = form.getByRole("textbox", { name: "Nome do administrador", exact: true });
  const email = form.getByRole("textbox", { name: "E-mail", exact: true });
  const password = form.getByRole("textbox", { name: "Senha", exact: true });
  const confirmation = form.getByRole("textbox", { name: "Confirmação da senha", exact: true });
  for (const field of [title, adminName, email, password, confirmation]) await expect(field).toBeVisible();
  // The login e-mail is not published unless the administrator asks for it.
  await expect(
    form.getByRole("checkbox", { name: "Usar este e-mail como e-mail público de contato" }),
  ).not.toBeChecked();
  const save = form.getByRole("button", { name: "Salvar" });
  await expect(save).toBeDisabled();
  await waitForHydration(save);

  await title.fill("Cooperativa Nova");
  await adminName.fill("Beatriz Admin");
  await email.fill("beatriz@example.com");
  await password.fill("segredo-1");
  await confirmation.fill("segredo-2");
  await confirmation.blur();
  const mismatch = await errorOf(confirmation);
  await expect(mismatch).toHaveText("As senhas digitadas não conferem");
  const red = await colorOf(mismatch);
  red.forEach((channel, index) => {
    expect(Math.abs(channel - (DANGER_RED[index] ?? 0)), `error colour ${red.join(",")}`).toBeLessThanOrEqual(12);
  });
  await expect(save).toBeDisabled();

  await confirmation.fill("segredo-1");
  await expect(save).toBeEnabled();
  await save.click();

  await expectPath(page, "/conta/settings");
  await expect(page.getByText("Configurações cadastradas com sucesso!")).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Minha conta" });
  await expect(sidebar.getByText("Beatriz Admin", { exact: true })).toBeVisible();
  await expect(sidebar.getByText("Super", { exact: true })).toBeVisible();

  const again = await request.post(`${FRESH_URL}/api/settings/setup`, {
    data: {
      title: "Outra",
      admin_name: "Outra Pessoa",
      email: "outra@example.com",
      password: "segredo-3",
      password_confirmation: "segredo-3",
    },
  });
  expect(again.status()).toBe(409);

  // The administrator edits the settings, uploads a logo and turns the news feature on.
  const settingsForm = page.getByRole("form", { name: "Configurações" });
  await waitForHydration(settingsForm.getByRole("button", { name: "Salvar" }));
  await expect(settingsForm.getByRole("textbox", { name: "E-mail", exact: true })).toHaveValue("");
  await settingsForm.getByRole("textbox", { name: "Contato" }).fill("Rua das Palmeiras, 10\nCentro");
  const logo = await sharp({ create: { width: 320, height: 120, channels: 3, background: "#523d38" } })
    .png()
    .toBuffer();
  await page.getByLabel("Arquivo: Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(settingsForm.getByRole("img", { name: "Logo" })).toHaveAttribute("src", /^\/files\/images\/.+/);
  await settingsForm.getByRole("checkbox", { name: "Mostrar o logo no rodapé" }).check();
  await settingsForm.getByRole("checkbox", { name: "Ativar Notícias" }).check();
  await settingsForm.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();

  // ... builds the menu ...
  await page.goto("/conta/menus/new");
  const menuForm = page.getByRole("form", { name: "Novo menu" });
  await waitForHydration(menuForm.getByRole("button", { name: "Salvar" }));
  await menuForm.getByRole("textbox", { name: "Nome" }).fill("Quem somos");
  await menuForm.getByRole("textbox", { name: "Endereço" }).fill("/quem-somos");
  await menuForm.getByRole("button", { name: "Salvar" }).click();
  await expectPath(page, "/conta/menus");
  await expect(page.getByRole("table").getByText("Quem somos")).toBeVisible();

  // ... signs out (Sair goes to /) and sees the site as a visitor does ...
  await page.getByRole("navigation", { name: "Minha conta" }).getByRole("button", { name: "Sair" }).click();
  await expectPath(page, "/");
  const header = page.getByRole("banner");
  await expect(
    header.getByRole("link", { name: "Cooperativa Nova - página inicial" }).getByRole("img"),
  ).toHaveAttribute("src", /^\/files\/images\/.+/);
  const nav = header.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.getByRole("link", { name: "Notícias" })).toHaveAttribute("href", "/noticias");
  await expect(nav.getByRole("link", { name: "Quem somos" })).toHaveAttribute("href", "/quem-somos");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("img", { name: "Cooperativa Nova" })).toBeVisible();
  await expect(footer.getByTestId("footer-contact")).toHaveText("Rua das Palmeiras, 10\nCentro", {
    useInnerText: true,
  });
  await expect(footer).not.toContainText("beatriz@example.com");

  // The library is still off: its address is a 404, not an empty page.
  const library = await page.goto("/biblioteca");
  expect(library?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();

  // ... and signs in again at /login.
  await login(page, "beatriz@example.com", "segredo-1");
  await expectPath(page, "/");
  await page.goto("/conta");
  await expect(page.getByRole("navigation", { name: "Minha conta" }).getByText("Beatriz Admin")).toBeVisible();
  // Without BASE_URL no reset link can be e-mailed: the administrator is told why.
  await expect(page.getByRole("note").filter({ hasText: "E-mails de redefinição de senha desligados" })).toContainText(
    "BASE_URL",
  );
});

test("the settings keep what was typed and chosen before the page came to life", async ({ page }) => {
  await login(page, "beatriz@example.com", "segredo-1");
  const { hydrate } = await openBeforeHydration(page, "/conta/settings");
  const form = page.getByRole("form", { name: "Configurações" });
  // Sending an image needs the page's scripts: its button waits for them rather than do nothing.
  const sendLogo = form.getByRole("button", { name: "Enviar imagem: Logo" });
  await expect(sendLogo).toBeDisabled();
  await form.getByRole("textbox", { name: "Descrição" }).fill("Cooperativa de agricultura familiar");
  await form.getByRole("combobox", { name: "Fonte" }).selectOption("Lato");
  await form.getByRole("checkbox", { name: "Ativar Agenda" }).check();
  await hydrate();
  await expect(sendLogo).toBeEnabled();
  await expect(form.getByRole("textbox", { name: "Descrição" })).toHaveValue("Cooperativa de agricultura familiar");
  await expect(form.getByRole("combobox", { name: "Fonte" })).toHaveValue("Lato");
  await expect(form.getByRole("checkbox", { name: "Ativar Agenda" })).toBeChecked();
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
  const saved = await (await page.request.get("/api/settings")).json();
  expect(saved).toMatchObject({
    description: "Cooperativa de agricultura familiar",
    font: "Lato",
    features: { events: { enabled: true }, posts: { enabled: true } },
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the settings are refused with every field's error at once, then saved as a plain form", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fconta%2Fsettings");
    const signIn = page.getByRole("form", { name: "Entrar" });
    await signIn.getByRole("textbox", { name: "E-mail", exact: true }).fill("beatriz@example.com");
    await signIn.getByRole("textbox", { name: "Senha", exact: true }).fill("segredo-1");
    await signIn.getByRole("button", { name: "Entrar" }).click();
    await expectPath(page, "/conta/settings");
    const form = page.getByRole("form", { name: "Configurações" });
    await expect(form.getByRole("button", { name: "Enviar imagem: Logo" })).toBeDisabled();
    // (A <noscript>'s text is read from the page: Playwright's switch keeps the parser's scripting flag on.)
    expect((await form.locator("noscript").allTextContents()).join(" ")).toContain(
      "Para enviar ou remover o logo, a capa ou o favicon, ative o JavaScript.",
    );
    await form.getByRole("textbox", { name: "Título", exact: true }).fill("");
    await form.getByRole("textbox", { name: "Cor primária", exact: true }).fill("azul");
    await form.getByRole("textbox", { name: "Facebook" }).fill("facebook.com/coop");
    await form.getByRole("checkbox", { name: "Ativar Agenda" }).uncheck();
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(form.getByText("Campo obrigatório")).toBeVisible();
    await expect(form.getByText(/^Cor inválida/)).toBeVisible();
    await expect(form.getByText("Informe um endereço começando com http:// ou https://")).toBeVisible();
    // What was typed comes back, to be corrected.
    await expect(form.getByRole("textbox", { name: "Cor primária", exact: true })).toHaveValue("azul");
    await expect(form.getByRole("checkbox", { name: "Ativar Agenda" })).not.toBeChecked();

    await form.getByRole("textbox", { name: "Título", exact: true }).fill("Cooperativa Nova");
    await form.getByRole("textbox", { name: "Cor primária", exact: true }).fill("#2f6b3a");
    await form.getByRole("textbox", { name: "Facebook" }).fill("https://facebook.com/coop");
    await form.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Configurações salvas com sucesso!" })).toBeVisible();
    const saved = await (await page.request.get("/api/settings")).json();
    expect(saved).toMatchObject({
      title: "Cooperativa Nova",
      primary_color: "#2f6b3a",
      url_facebook: "https://facebook.com/coop",
      features: { events: { enabled: false }, posts: { enabled: true } },
    });
    await expect(form.getByRole("textbox", { name: "Cor primária", exact: true })).toHaveValue("#2f6b3a");
  });
});
