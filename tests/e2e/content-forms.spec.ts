import path from "node:path";
import sharp from "sharp";
import { findOne, signInWithoutJavaScript } from "./account-forms.ts";
import { openBeforeHydration } from "./before-hydration.ts";
import {
  enablePostsAndEvents,
  errorOf,
  expect,
  expectPath,
  jsonOf,
  login,
  test,
  uniqueId,
  waitForHydration,
} from "./fixtures.ts";

// The account forms of pages, news and events on the form kit: what is typed or chosen before the page
// comes to life survives it, each saves as a plain form without JavaScript keeping what its JavaScript
// widgets (text editor, cover, tags, documents) hold, refusals come back with every error at once, and
// deleting asks first.

const PDF = path.join(import.meta.dirname, "fixtures/medias/cartilha.pdf");

type Document = { url: string; name: string; size: number; mime_type: string };
type Content = {
  id: number;
  title: string;
  slug: string;
  summary: string;
  content: string;
  status: string;
  tags: string[];
  cover: string | null;
  documents: Document[];
  published_at?: string;
  start_at?: string;
  end_at?: string;
};
test("a news item typed and set before the page comes to life keeps it, and saves with a tag and a document", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);

  const { hydrate } = await openBeforeHydration(page, "/conta/posts/new");
  const form = page.getByRole("form", { name: "Nova notícia" });
  const title = form.getByRole("textbox", { name: "Título", exact: true });
  const summary = form.getByRole("textbox", { name: "Resumo" });
  const status = form.getByRole("combobox", { name: "Status" });
  const published = form.getByLabel("Data de publicação");
  await title.fill(`Feira de inverno ${id}`);
  await summary.fill("Produtores da região no sábado.");
  await status.selectOption({ label: "Publicado" });
  await published.fill("2030-03-10T19:30");
  await hydrate();

  await expect(title).toHaveValue(`Feira de inverno ${id}`);
  await expect(summary).toHaveValue("Produtores da região no sábado.");
  await expect(status).toHaveValue("published");
  await expect(published).toHaveValue("2030-03-10T19:30");
  // What depends on the values follows them once the page runs: the status's note and the summary's count.
  await expect(form.getByText("Rascunhos só aparecem para administradores.")).toHaveCount(0);
  await expect(form.getByText("31/300 caracteres.")).toBeVisible();

  const tags = form.getByRole("combobox", { name: "Etiquetas" });
  await tags.fill(`feira-${id}`);
  await tags.press("Enter");
  await page.getByLabel("Arquivos: Documentos").setInputFiles(PDF);
  await expect(form.getByRole("link", { name: "cartilha.pdf" })).toBeVisible();
  await form.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectPath(page, "/conta/posts");
  await expect(page.getByText("Notícia criada com sucesso!")).toBeVisible();

  const saved = await findOne<Content>(api, "posts", id);
  expect(saved).toMatchObject({
    title: `Feira de inverno ${id}`,
    summary: "Produtores da região no sábado.",
    status: "published",
    tags: [`feira-${id}`],
  });
  // Typed on São Paulo's clock (UTC-3).
  expect(saved.published_at).toBe("2030-03-10T22:30:00.000Z");
  expect(saved.documents).toEqual([
    expect.objectContaining({
      name: "cartilha.pdf",
      mime_type: "application/pdf",
      url: expect.stringMatching(/^\/files\//),
    }),
  ]);
});

test("deleting a page asks first: one tap opens the question, going back keeps it", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Content>(
    await api.post("/api/pages", { data: { title: `Apagável ${id}`, status: "draft" } }),
    201,
  );
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/pages?q=${id}`);
  const remove = page.getByRole("button", { name: `Excluir Apagável ${id}` });
  await waitForHydration(remove);
  await remove.click();
  const question = page.getByRole("dialog", { name: "Excluir página" });
  await expect(question).toContainText(`A página “Apagável ${id}” será excluída.`);
  await question.getByRole("button", { name: "Voltar" }).click();
  await expect(question).toHaveCount(0);
  expect((await api.get(`/api/pages/${created.id}`)).status()).toBe(200);

  await remove.click();
  await question.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Página excluída.")).toBeVisible();
  expect((await api.get(`/api/pages/${created.id}`)).status()).toBe(404);
});

test("a page's sections keep their ids through the text editor, so the links to them still lead there", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  const created = await jsonOf<Content>(
    await api.post("/api/pages", {
      data: {
        title: `Sobre ${id}`,
        status: "published",
        content: '<h2 id="servicos">Serviços</h2><p>Oferecemos assistência técnica.</p>',
      },
    }),
    201,
  );
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  await page.goto(`/conta/pages/${created.id}/edit`);
  const form = page.getByRole("form", { name: "Editar página" });
  const save = form.getByRole("button", { name: "Salvar", exact: true });
  await waitForHydration(save);
  const editor = form.getByRole("textbox", { name: "Conteúdo", exact: true });
  await editor.getByText("Oferecemos assistência técnica.").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" E cursos.");
  // A paragraph started below the heading is a new block: it does not take the heading's id.
  await editor.getByText("Serviços").click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Para cooperados.");
  await save.click();
  await expect(page.getByText("Página salva com sucesso!")).toBeVisible();
  const saved = await jsonOf<Content>(await api.get(`/api/pages/${created.id}`));
  expect(saved.content).toBe(
    '<h2 id="servicos">Serviços</h2><p>Para cooperados.</p><p>Oferecemos assistência técnica. E cursos.</p>',
  );
});

test("a picture moved in from WordPress keeps its caption under it through the text editor", async ({
  page,
  api,
  createUser,
}) => {
  const id = uniqueId();
  await enablePostsAndEvents(api);
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2f6b3a" } })
    .png()
    .toBuffer();
  const image = await jsonOf<{ url: string }>(
    await api.post("/api/uploads/images", {
      multipart: { file: { name: "feira.png", mimeType: "image/png", buffer } },
    }),
    201,
  );
  // As the import writes a WordPress [caption] (server/modules/wordpress/wp-content.ts) and the sanitiser keeps it.
  const picture = `<img src="${image.url}" alt="Barracas da feira" />`;
  const created = await jsonOf<Content>(
    await api.post("/api/posts", {
      data: {
        title: `Feira de inverno ${id}`,
        slug: `feira-de-inverno-${id}`,
        status: "published",
        published_at: new Date(Date.now() - 60_000).toISOString(),
        content: `<p>A feira voltou.</p><figure>${picture}<figcaption>Barracas na <strong>praça</strong> da matriz</figcaption></figure><p>Até sábado.</p>`,
      },
    }),
    201,
  );
  const admin = await createUser("admin");
  await login(page, admin.email, admin.password);
  const edit = async () => {
    await page.goto(`/conta/posts/${created.id}/edit`);
    const form = page.getByRole("form", { name: "Editar notícia" });
    const save = form.getByRole("button", { name: "Salvar", exact: true });
    await waitForHydration(save);
    return { editor: form.getByRole("textbox", { name: "Conteúdo", exact: true }), save };
  };

  // A word added elsewhere and the caption edited in place; Enter in the caption starts a paragraph under the picture.
  const first = await edit();
  await first.editor.getByText("Até sábado.").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Entrada franca.");
  await first.editor.locator("figcaption").click();
  await page.keyboard.press("End");
  await page.keyboard.type(", em julho");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Fotos de Ana.");
  await first.save.click();
  await expect(page.getByText("Notícia salva com sucesso!")).toBeVisible();
  const expected =
    `<p>A feira voltou.</p><figure>${picture}<figcaption>Barracas na <strong>praça</strong> da matriz, em julho</figcaption></figure>` +
    "<p>Fotos de Ana.</p><p>Até sábado. Entrada franca.</p>";
  expect((await jsonOf<Content>(await api.get(`/api/posts/${created.id}`))).content).toBe(expected);

  // Opened and saved again without a change, it is the same text.
  const second = await edit();
  await expect(second.editor.locator("figure figcaption")).toHaveText("Barracas na praça da matriz, em julho");
  await second.save.click();
  await expect(page.getByText("Notícia salva com sucesso!")).toBeVisible();
  expect((await jsonOf<Content>(await api.get(`/api/posts/${created.id}`))).content).toBe(expected);

  // The visitor reads the caption under the picture.
  await page.goto(`/noticias/${created.slug}`);
  const shown = page.getByRole("img", { name: "Barracas da feira" });
  await expect.poll(() => shown.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  const caption = page.locator("figure", { has: shown }).locator("figcaption");
  await expect(caption).toHaveText("Barracas na praça da matriz, em julho");
  const imageBox = await shown.boundingBox();
  const captionBox = await caption.boundingBox();
  if (!imageBox || !captionBox) throw new Error("the picture or its caption is not shown");
  expect(captionBox.y).toBeGreaterThanOrEqual(imageBox.y + imageBox.height);
  expect(Math.abs(captionBox.x - imageBox.x)).toBeLessThan(2);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a page saves as a plain form and keeps its text, cover, tags and documents, which say they need JavaScript", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const documents: Document[] = [
      { url: "https://example.org/edital.pdf", name: "Edital", size: 0, mime_type: "" },
      { url: "https://example.org/ata.pdf", name: "Ata", size: 1234, mime_type: "application/pdf" },
    ];
    const created = await jsonOf<Content>(
      await api.post("/api/pages", {
        data: {
          title: `Guardada ${id}`,
          content: "<h2>História</h2><p>Texto <strong>guardado</strong>.</p>",
          cover: "https://example.org/capa.jpg",
          tags: ["cooperativa", "história"],
          documents,
          status: "draft",
        },
      }),
      201,
    );
    try {
      const admin = await createUser("admin");
      const editPath = `/conta/pages/${created.id}/edit`;
      await signInWithoutJavaScript(page, admin.email, admin.password, editPath);
      const form = page.getByRole("form", { name: "Editar página" });
      await expect(form).toBeVisible();
      // Each part that needs JavaScript says so in a <noscript> (Playwright's switch keeps the HTML parser's
      // scripting flag on, so its text is read from the page rather than seen).
      const notices = (await form.locator("noscript").allTextContents()).join(" ");
      expect(notices).toContain("O editor de texto precisa de JavaScript. Sem ele, o texto salvo é mantido ao salvar.");
      expect(notices).toContain("Para mudar as etiquetas, ative o JavaScript. As etiquetas salvas são mantidas.");
      expect(notices).toContain("Para enviar ou remover documentos, ative o JavaScript.");
      expect(notices).toContain("Para enviar ou remover a imagem de capa, ative o JavaScript.");
      // The stored tags and documents show, to be kept.
      await expect(form.getByText("cooperativa", { exact: true })).toBeVisible();
      await expect(form.getByRole("link", { name: "Edital" })).toHaveAttribute("href", documents[0]?.url ?? "");

      await form.getByRole("textbox", { name: "Título", exact: true }).fill(`Renomeada ${id}`);
      await form.getByRole("combobox", { name: "Status" }).selectOption({ label: "Publicado" });
      await form.getByRole("button", { name: "Salvar", exact: true }).click();
      await expectPath(page, "/conta/pages");

      const saved = await jsonOf<Content>(await api.get(`/api/pages/${created.id}`));
      expect(saved).toMatchObject({
        title: `Renomeada ${id}`,
        status: "published",
        content: created.content,
        cover: "https://example.org/capa.jpg",
        tags: ["cooperativa", "história"],
        documents,
      });
    } finally {
      await api.delete(`/api/pages/${created.id}`);
    }
  });

  test("an event is refused with every field's error at once and what was typed, then saved", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, "/conta/events/new");
    const form = page.getByRole("form", { name: "Novo evento" });
    const title = form.getByRole("textbox", { name: "Título", exact: true });
    const slug = form.getByRole("textbox", { name: "Slug" });
    const start = form.getByLabel("Início");
    const end = form.getByLabel("Término");
    const place = form.getByRole("textbox", { name: "Local" });
    await slug.fill("Não Vale");
    await start.fill("2030-05-02T19:00");
    await end.fill("2030-05-02T18:00");
    await place.fill("Sede da cooperativa");
    await form.getByRole("textbox", { name: "Link online" }).fill("ftp://example.org");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();

    await expect(await errorOf(title)).toHaveText("Campo obrigatório");
    await expect(await errorOf(slug)).toHaveText("Use só letras minúsculas sem acento, números e hífens");
    await expect(await errorOf(end)).toHaveText("O término não pode ser antes do início");
    await expect(await errorOf(form.getByRole("textbox", { name: "Link online" }))).toHaveText(
      "Informe um endereço começando com https://",
    );
    await expect(slug).toHaveValue("Não Vale");
    await expect(start).toHaveValue("2030-05-02T19:00");
    await expect(end).toHaveValue("2030-05-02T18:00");
    await expect(place).toHaveValue("Sede da cooperativa");

    await title.fill(`Assembleia ${id}`);
    await slug.fill(`assembleia-${id}`);
    await end.fill("2030-05-02T21:00");
    await form.getByRole("textbox", { name: "Link online" }).fill("");
    await form.getByRole("button", { name: "Salvar", exact: true }).click();
    await expectPath(page, "/conta/events");
    const saved = await findOne<Content>(api, "events", id);
    try {
      expect(saved).toMatchObject({
        title: `Assembleia ${id}`,
        slug: `assembleia-${id}`,
        start_at: "2030-05-02T22:00:00.000Z",
        end_at: "2030-05-03T00:00:00.000Z",
      });
    } finally {
      await api.delete(`/api/events/${saved.id}`);
    }
  });

  test("deleting a page asks first: one tap opens the question in place, the second deletes", async ({
    page,
    api,
    createUser,
  }) => {
    const id = uniqueId();
    const created = await jsonOf<Content>(
      await api.post("/api/pages", { data: { title: `Sem script ${id}`, status: "draft" } }),
      201,
    );
    const admin = await createUser("admin");
    await signInWithoutJavaScript(page, admin.email, admin.password, `/conta/pages?q=${id}`);
    await page.getByLabel(`Excluir Sem script ${id}`).click();
    const question = page.getByRole("form", { name: "Excluir página" });
    await expect(question).toContainText(`A página “Sem script ${id}” será excluída.`);
    expect((await api.get(`/api/pages/${created.id}`)).status()).toBe(200);
    await question.getByRole("button", { name: "Excluir" }).click();
    await expectPath(page, `/conta/pages?q=${id}`);
    expect((await api.get(`/api/pages/${created.id}`)).status()).toBe(404);
  });
});
