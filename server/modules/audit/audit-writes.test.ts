import { asc, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUDIT_SECRET_CHANGED } from "../../../common/audit.ts";
import { eventSchema, pageSchema, postSchema } from "../../../common/schemas/content.ts";
import { mediaSchema } from "../../../common/schemas/media.ts";
import { menuOrderSchema, menuSchema } from "../../../common/schemas/menu.ts";
import { orderListQuerySchema } from "../../../common/schemas/orders.ts";
import { productSchema } from "../../../common/schemas/product.ts";
import { redirectSchema } from "../../../common/schemas/redirects.ts";
import { type SettingsValues, settingsSchema } from "../../../common/schemas/settings.ts";
import { userCreateSchema, userUpdateSchema } from "../../../common/schemas/user.ts";
import { failure } from "../../../tests/support/domain-failure.ts";
import { withTestServices } from "../../../tests/support/with-test-services.ts";
import { updateOwnProfile, updateUser } from "../../flows/accounts.ts";
import { saveSiteSettings } from "../../flows/site-settings.ts";
import { setUpSite } from "../../flows/site-setup.ts";
import type { Actor } from "../../kernel/access.ts";
import type { Services } from "../../services.ts";
import { SECURITY_SUPER_ONLY } from "../settings/settings-service.ts";
import { auditEntries } from "./tables.ts";

// Every administrative write of the site's content, menus, library, redirects, settings and accounts leaves
// one entry in the audit log, written in the write's own transaction: who, what, which record and which
// fields changed (only those), never a password.

const t = withTestServices();

const superUser: Actor = { id: 901, name: "Ana Super", email: "ana@example.com", role: "super" };
const admin: Actor = { id: 902, name: "Bruno Admin", email: "bruno@example.com", role: "admin" };

const entries = () => t.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));

async function only() {
  const all = await entries();
  expect(all).toHaveLength(1);
  const [entry] = all;
  if (!entry) throw new Error("no entry");
  return entry;
}

/** The entries written while `work` ran. */
async function writtenBy(work: () => Promise<unknown>) {
  const before = (await entries()).length;
  await work();
  return (await entries()).slice(before);
}

const page = (fields: Record<string, unknown>) => pageSchema.parse({ status: "published", ...fields });

async function setUpCooperative(services: Services) {
  await setUpSite(services, {
    title: "Cooperativa",
    admin_name: superUser.name,
    email: "setup@example.com",
    password: "segredo123",
    password_confirmation: "segredo123",
    use_as_public_email: false,
  });
}

async function currentSettings(services: Services): Promise<SettingsValues> {
  const view = await services.settings.get();
  if (!view) throw new Error("site not set up");
  return settingsSchema.parse(view);
}

describe("settings", () => {
  it("records settings.updated with only the fields that changed, by whom", async () => {
    await setUpCooperative(t.services);
    const values = await currentSettings(t.services);
    const [entry, ...rest] = await writtenBy(() =>
      saveSiteSettings(t.services, admin, { ...values, title: "Cooperativa Nova", primary_color: "#112233" }),
    );
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: "settings.updated",
      recordKind: "settings",
      recordId: null,
      actorId: admin.id,
      actorName: admin.name,
      address: null,
      changes: {
        Título: { before: "Cooperativa", after: "Cooperativa Nova" },
        "Cor primária": { before: "#523d38", after: "#112233" },
      },
    });
  });

  it("lets only a super user change the two-step sign-in and the audit period, each change logged", async () => {
    await setUpCooperative(t.services);
    const values = await currentSettings(t.services);
    const refused = await failure(saveSiteSettings(t.services, admin, { ...values, require_two_factor: true }));
    expect(refused.kind).toBe("forbidden");
    expect(refused.message).toBe(SECURITY_SUPER_ONLY);
    expect(refused.fieldErrors).toEqual({ require_two_factor: ["Apenas um usuário Super pode alterar este campo"] });
    const refusedDays = await failure(saveSiteSettings(t.services, admin, { ...values, audit_retention_days: 60 }));
    expect(refusedDays.fieldErrors).toEqual({
      audit_retention_days: ["Apenas um usuário Super pode alterar este campo"],
    });
    expect(await t.services.settings.security()).toEqual({ require_two_factor: false, audit_retention_days: 730 });
    // The same values, or none (an administrator's form has no such fields), are no change.
    await saveSiteSettings(t.services, admin, { ...values, require_two_factor: false, audit_retention_days: 730 });

    const [entry] = await writtenBy(() =>
      saveSiteSettings(t.services, superUser, { ...values, require_two_factor: true, audit_retention_days: 365 }),
    );
    expect(entry?.changes).toEqual({
      "Exigir verificação em duas etapas para administradores": { before: false, after: true },
      "Guardar o registro de auditoria por (dias)": { before: 730, after: 365 },
    });
    expect(await t.services.settings.security()).toEqual({ require_two_factor: true, audit_retention_days: 365 });
    await saveSiteSettings(t.services, admin, { ...values, title: "Outro título" });
    expect(await t.services.settings.security()).toEqual({ require_two_factor: true, audit_retention_days: 365 });
  });
});

describe("menus", () => {
  it("records created, updated (with reorders) and deleted, a submenu deleted with its parent included", async () => {
    const top = await t.services.menus.create(admin, menuSchema.parse({ name: "Sobre", url: "/sobre" }));
    const created = await only();
    expect(created).toMatchObject({
      action: "menu.created",
      recordKind: "menu",
      recordId: String(top.id),
      recordLabel: "Sobre",
      actorId: admin.id,
      actorName: admin.name,
      changes: {
        Nome: { before: null, after: "Sobre" },
        Endereço: { before: null, after: "/sobre" },
        Ordem: { before: null, after: 0 },
        Ativo: { before: null, after: true },
      },
    });

    const [updated] = await writtenBy(() =>
      t.services.menus.update(admin, top.id, menuSchema.parse({ name: "Quem somos", url: "/sobre" })),
    );
    expect(updated).toMatchObject({
      action: "menu.updated",
      recordId: String(top.id),
      changes: { Nome: { before: "Sobre", after: "Quem somos" } },
    });

    const other = await t.services.menus.create(admin, menuSchema.parse({ name: "Contato", url: "/contato" }));
    const child = await t.services.menus.create(
      admin,
      menuSchema.parse({ name: "Equipe", url: "/equipe", parent_id: top.id }),
    );
    const reordered = await writtenBy(() =>
      t.services.menus.reorder(admin, menuOrderSchema.parse({ ids: [other.id, top.id] })),
    );
    expect(reordered.map((entry) => [entry.action, entry.recordId, entry.changes])).toEqual([
      ["menu.updated", String(other.id), { Ordem: { before: 1, after: 0 } }],
      ["menu.updated", String(top.id), { Ordem: { before: 0, after: 1 } }],
    ]);

    const deleted = await writtenBy(() => t.services.menus.remove(admin, top.id));
    expect(deleted.map((entry) => [entry.action, entry.recordId, entry.recordLabel])).toEqual([
      ["menu.deleted", String(top.id), "Quem somos"],
      ["menu.deleted", String(child.id), "Equipe"],
    ]);
    expect(deleted[1]?.changes).toMatchObject({ "Menu principal": { before: "Quem somos", after: null } });
  });
});

describe("pages, news and events", () => {
  it("records page.created, page.updated with only the changed fields, and page.deleted", async () => {
    const created = await t.services.pages.create(admin, page({ title: "Sobre", content: "<p>Texto</p>" }));
    expect(await only()).toMatchObject({
      action: "page.created",
      recordKind: "page",
      recordId: String(created.id),
      recordLabel: "Sobre",
      actorId: admin.id,
      actorName: admin.name,
      changes: {
        Título: { before: null, after: "Sobre" },
        Slug: { before: null, after: "sobre" },
        Conteúdo: { before: null, after: "<p>Texto</p>" },
        Status: { before: null, after: "Publicado" },
      },
    });
    const [updated] = await writtenBy(() =>
      t.services.pages.update(
        superUser,
        created.id,
        page({ title: "Sobre", slug: "sobre", content: "<p>Texto</p>", status: "draft" }),
      ),
    );
    expect(updated).toMatchObject({
      action: "page.updated",
      actorId: superUser.id,
      actorName: superUser.name,
      changes: { Status: { before: "Publicado", after: "Rascunho" } },
    });
    expect(Object.keys(updated?.changes ?? {})).toEqual(["Status"]);
    const [deleted] = await writtenBy(() => t.services.pages.remove(admin, created.id));
    expect(deleted).toMatchObject({
      action: "page.deleted",
      recordId: String(created.id),
      recordLabel: "Sobre",
      changes: { Título: { before: "Sobre", after: null } },
    });
  });

  it("records news and events under their own kinds, with their own fields", async () => {
    const post = await t.services.posts.create(
      admin,
      postSchema.parse({ title: "Feira", status: "published", published_at: "2026-05-10T12:00:00Z" }),
    );
    const [postUpdate] = await writtenBy(() =>
      t.services.posts.update(
        admin,
        post.id,
        postSchema.parse({ title: "Feira", slug: "feira", status: "published", published_at: "2026-05-11T12:00:00Z" }),
      ),
    );
    expect(postUpdate).toMatchObject({
      action: "post.updated",
      recordKind: "post",
      recordId: String(post.id),
      changes: { "Data de publicação": { before: "2026-05-10T12:00:00.000Z", after: "2026-05-11T12:00:00.000Z" } },
    });
    const times = { start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T12:00:00Z" };
    const event = await t.services.events.create(
      admin,
      eventSchema.parse({ title: "Assembleia", status: "published", place_name: "Sede", ...times }),
    );
    const [eventDelete] = await writtenBy(() => t.services.events.remove(admin, event.id));
    expect(eventDelete).toMatchObject({
      action: "event.deleted",
      recordKind: "event",
      recordId: String(event.id),
      recordLabel: "Assembleia",
      changes: { Local: { before: "Sede", after: null } },
    });
    expect((await entries()).map((entry) => entry.action)).toEqual([
      "post.created",
      "post.updated",
      "event.created",
      "event.deleted",
    ]);
  });
});

describe("the library", () => {
  const media = (fields: Record<string, unknown>) =>
    mediaSchema.parse({ type: "book", status: "published", authors: ["Lima, Rui"], ...fields });

  it("records media.created, media.updated and media.deleted", async () => {
    const item = await t.services.medias.create(admin, media({ title: "Manual", publication_date: "2020" }));
    expect(await only()).toMatchObject({
      action: "media.created",
      recordKind: "media",
      recordId: String(item.id),
      recordLabel: "Manual",
      changes: { Título: { before: null, after: "Manual" }, Autores: { before: null, after: ["Lima, Rui"] } },
    });
    const [updated] = await writtenBy(() =>
      t.services.medias.update(admin, item.id, media({ title: "Manual", publication_date: "2021" })),
    );
    expect(updated?.changes).toEqual({ "Data de publicação": { before: "2020", after: "2021" } });
    const [deleted] = await writtenBy(() => t.services.medias.remove(admin, item.id));
    expect(deleted).toMatchObject({ action: "media.deleted", recordId: String(item.id), recordLabel: "Manual" });
  });

  it("records a BibTeX import's commit once, with its counts", async () => {
    await t.services.medias.create(admin, media({ title: "Já existe", publication_date: "2019" }));
    const bibtex = [
      "@book{a, title = {Cooperativas hoje}, author = {Lima, Rui}, year = {2020}}",
      "@book{b, title = {Crédito rural}, author = {Souza, Ana}, year = {2021}}",
      "@book{c, title = {Já existe}, author = {Lima, Rui}, year = {2019}}",
      "@book{d, author = {Sem Título}}",
    ].join("\n");
    const [entry, ...rest] = await writtenBy(() => t.services.mediaImport.commit(admin, bibtex, "bibtex"));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: "media.imported",
      recordKind: "media",
      recordId: null,
      recordLabel: "Arquivo BibTeX",
      actorId: admin.id,
      changes: {},
      details: { Formato: "BibTeX", "Entradas no arquivo": 4, "Itens criados": 2, Duplicadas: 1, Inválidas: 1 },
    });
  });
});

describe("redirects", () => {
  const redirect = (from: string, to: string) => redirectSchema.parse({ from, to });

  it("records created, updated (and the redirects made to lead where it leads) and deleted", async () => {
    const first = await t.services.redirects.create(admin, redirect("/velho", "/novo"));
    expect(await only()).toMatchObject({
      action: "redirect.created",
      recordKind: "redirect",
      recordId: String(first.id),
      recordLabel: "/velho",
      changes: { "Endereço antigo": { before: null, after: "/velho" }, "Leva para": { before: null, after: "/novo" } },
    });
    const [updated] = await writtenBy(() => t.services.redirects.update(admin, first.id, redirect("/velho", "/outro")));
    expect(updated).toMatchObject({
      action: "redirect.updated",
      changes: { "Leva para": { before: "/novo", after: "/outro" } },
    });
    // /outro becomes an old address itself: the redirect that led there now leads straight on.
    const chained = await writtenBy(() => t.services.redirects.create(admin, redirect("/outro", "/final")));
    expect(chained.map((entry) => [entry.action, entry.recordId, entry.changes])).toEqual([
      [
        "redirect.created",
        expect.any(String),
        { "Endereço antigo": { before: null, after: "/outro" }, "Leva para": { before: null, after: "/final" } },
      ],
      ["redirect.updated", String(first.id), { "Leva para": { before: "/outro", after: "/final" } }],
    ]);
    const [deleted] = await writtenBy(() => t.services.redirects.remove(admin, first.id));
    expect(deleted).toMatchObject({ action: "redirect.deleted", recordId: String(first.id), recordLabel: "/velho" });
  });
});

describe("users and roles", () => {
  it("records user.created, a role change as the role's before and after, a password only as changed", async () => {
    const created = await t.services.users.create(
      superUser,
      userCreateSchema.parse({ name: "Carla", email: "carla@example.com", role: "user", password: "senha-forte-1" }),
    );
    expect(await only()).toMatchObject({
      action: "user.created",
      recordKind: "user",
      recordId: String(created.id),
      recordLabel: "Carla",
      actorId: superUser.id,
      actorName: superUser.name,
      changes: {
        Nome: { before: null, after: "Carla" },
        "E-mail": { before: null, after: "carla@example.com" },
        Perfil: { before: null, after: "Cliente" },
        Senha: { before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED },
      },
    });
    const [promoted] = await writtenBy(() =>
      updateUser(
        t.services,
        superUser,
        created.id,
        userUpdateSchema.parse({ name: "Carla", email: "carla@example.com", role: "admin" }),
        null,
      ),
    );
    expect(promoted?.changes).toEqual({ Perfil: { before: "Cliente", after: "Administrador" } });
    const [password] = await writtenBy(() =>
      updateUser(
        t.services,
        superUser,
        created.id,
        userUpdateSchema.parse({ name: "Carla", email: "carla@example.com", role: "admin", password: "outra-senha-9" }),
        null,
      ),
    );
    expect(password?.changes).toEqual({ Senha: { before: AUDIT_SECRET_CHANGED, after: AUDIT_SECRET_CHANGED } });
    const [deleted] = await writtenBy(() => t.services.users.remove(superUser, created.id));
    expect(deleted).toMatchObject({ action: "user.deleted", recordId: String(created.id), recordLabel: "Carla" });
    const everything = JSON.stringify(await entries());
    expect(everything).not.toContain("senha-forte-1");
    expect(everything).not.toContain("outra-senha-9");
    expect(everything).not.toContain("$argon2");
  });

  it("keeps the name of the person who made a change after her account is deleted", async () => {
    const created = await t.services.users.create(
      superUser,
      userCreateSchema.parse({ name: "Dora", email: "dora@example.com", role: "admin", password: "senha-forte-1" }),
    );
    const dora: Actor = { id: created.id, name: "Dora", email: "dora@example.com", role: "admin" };
    const made = await t.services.pages.create(dora, page({ title: "Feito pela Dora" }));
    await t.services.users.remove(superUser, created.id);
    const list = await t.services.audit.list(superUser, { page: 1, per_page: 20, q: "", from: "", to: "" });
    const entry = list.data.find((item) => item.action === "page.created");
    expect(entry?.actor).toEqual({ id: created.id, name: "Dora", email: "dora@example.com", kind: "person" });
    expect(entry?.record).toMatchObject({
      id: String(made.id),
      label: "Feito pela Dora",
      href: `/conta/pages/${made.id}/edit`,
    });
    expect(await t.services.audit.people(superUser)).toEqual([
      { id: superUser.id, name: superUser.name, email: superUser.email },
      { id: created.id, name: "Dora", email: "dora@example.com" },
    ]);
  });

  it("records the first-time setup's super user, and an administrator's own profile change", async () => {
    await setUpCooperative(t.services);
    const [setup] = await entries();
    expect(setup).toMatchObject({ action: "user.created", actorName: superUser.name, recordLabel: superUser.name });
    const me: Actor = { id: setup?.actorId ?? 0, name: superUser.name, email: "setup@example.com", role: "super" };
    const [changed] = await writtenBy(() =>
      updateOwnProfile(
        t.services,
        me,
        {
          name: "Ana Souza",
          email: "setup@example.com",
          password: "",
          password_confirmation: "",
          current_password: "",
        },
        null,
      ),
    );
    expect(changed).toMatchObject({
      action: "user.updated",
      actorId: me.id,
      recordId: String(me.id),
      changes: { Nome: { before: superUser.name, after: "Ana Souza" } },
    });
  });
});

describe("a change rolled back", () => {
  const everything = { page: 1, per_page: 20, q: "", from: "", to: "" };
  const writes: [string, (services: Services) => Promise<unknown>][] = [
    ["a page", (services) => services.pages.create(admin, page({ title: "Desfeita" }))],
    [
      "an event",
      (services) =>
        services.events.create(
          admin,
          eventSchema.parse({ title: "Desfeito", start_at: "2030-01-01T10:00:00Z", end_at: "2030-01-01T12:00:00Z" }),
        ),
    ],
    ["a menu", (services) => services.menus.create(admin, menuSchema.parse({ name: "Desfeito", url: "/x" }))],
    [
      "a library item",
      (services) =>
        services.medias.create(admin, mediaSchema.parse({ title: "Desfeito", type: "book", authors: ["Lima, Rui"] })),
    ],
    ["a redirect", (services) => services.redirects.create(admin, redirectSchema.parse({ from: "/a", to: "/b" }))],
    [
      "a user",
      (services) =>
        services.users.create(
          superUser,
          userCreateSchema.parse({ name: "Eva", email: "eva@example.com", password: "senha-forte-1" }),
        ),
    ],
  ];

  it.each(writes)("leaves no entry for %s", async (_name, write) => {
    await expect(
      t.services.transaction(async (tx) => {
        await write(tx);
        // Written on the transaction, then gone with it.
        expect((await tx.audit.list(superUser, everything)).data).toHaveLength(1);
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries()).toEqual([]);
  });

  it("leaves no entry for the settings, nor their change", async () => {
    await setUpCooperative(t.services);
    const before = await entries();
    const values = await currentSettings(t.services);
    await expect(
      t.services.transaction(async (tx) => {
        await saveSiteSettings(tx, admin, { ...values, title: "Desfeito" });
        throw new Error("desfeito");
      }),
    ).rejects.toThrow("desfeito");
    expect(await entries()).toEqual(before);
    expect((await t.services.settings.get())?.title).toBe("Cooperativa");
  });
});

describe("what else administrators do", () => {
  it("records an outbox e-mail sent again, by whom; one refused (already sent) leaves none", async () => {
    await t.services.mail.queue("contact-message", "loja@example.com", {
      name: "Joana",
      email: "joana@example.com",
      message: "Olá",
    });
    const [mail] = (await t.services.mail.list(admin, { page: 1, per_page: 20, q: "" })).data;
    if (!mail) throw new Error("no e-mail");
    const [entry, ...rest] = await writtenBy(() => t.services.mail.retry(admin, mail.id));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: "mail.retried",
      recordKind: "mail",
      recordId: String(mail.id),
      recordLabel: `E-mail nº ${mail.id}`,
      actorId: admin.id,
      actorEmail: admin.email,
      changes: {},
      details: { Tipo: "contact-message", "Situação antes": "Na fila", Tentativas: 0 },
    });
    await t.database.db.execute(sql`UPDATE mail_outbox SET status = 'sent' WHERE id = ${mail.id}`);
    expect(await writtenBy(() => t.services.mail.retry(admin, mail.id).catch(() => null))).toEqual([]);
  });

  it("records the orders' CSV export, which hands out every listed customer's data: by whom, filters, how many", async () => {
    const query = { ...orderListQuerySchema.parse({ status: "paid", from: "2026-01-01" }), q: "joana" };
    const [entry, ...rest] = await writtenBy(() => t.services.orders.forExport(admin, query));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: "order.exported",
      recordKind: "order",
      recordId: null,
      actorId: admin.id,
      details: {
        "Filtro: busca": "joana",
        "Filtro: situação": "Pagamento confirmado",
        "Filtro: de": "2026-01-01",
        "Pedidos exportados": 0,
      },
    });
    await failure(t.services.orders.forExport({ ...admin, role: "user" }, query));
    expect((await entries()).filter((row) => row.action === "order.exported")).toHaveLength(1);
  });
});

describe("how the log names people and reads", () => {
  it("tells an administrator renamed 'Sistema' from the system: by e-mail, number and kind", async () => {
    const impostor: Actor = { ...admin, name: "Sistema" };
    await t.services.pages.create(impostor, page({ title: "Feito por alguém" }));
    await t.services.audit.record({ actor: null, action: "backup.created", recordLabel: "Cópia" });
    const list = await t.services.audit.list(superUser, { page: 1, per_page: 20, q: "", from: "", to: "" });
    const [system, person] = list.data;
    expect(person?.actor).toEqual({ id: admin.id, name: "Sistema", email: admin.email, kind: "person" });
    expect(system?.actor).toEqual({ id: null, name: "Sistema", email: null, kind: "system" });
  });

  it("shows an image's description edited as that field's change, not as nothing changed", async () => {
    const product = productSchema.parse({
      name: "Mel",
      status: "published",
      images: [{ url: "/files/images/mel.webp", thumb: null, alt: "" }],
      variants: [{ price_cents: 2500, stock: 4 }],
    });
    const created = await t.services.products.create(admin, product);
    const edited = { ...product, images: [{ url: "/files/images/mel.webp", thumb: null, alt: "Pote de mel" }] };
    await t.services.products.update(admin, created.id, edited);
    const list = await t.services.audit.list(superUser, { page: 1, per_page: 20, q: "", from: "", to: "" });
    expect(list.data[0]).toMatchObject({
      action: "product.updated",
      changes: [{ field: "Imagens 1 › Descrição", before: "", after: "Pote de mel" }],
      details: [],
    });
  });

  it("keeps an event's facts apart from changes: a sign-in is not 'E-mail: (vazio) → …'", async () => {
    await t.services.audit.record({
      actor: admin,
      action: "auth.signed_in",
      recordId: admin.id,
      recordLabel: admin.name,
      details: { "E-mail": admin.email, Como: "senha" },
    });
    const list = await t.services.audit.list(superUser, { page: 1, per_page: 20, q: "", from: "", to: "" });
    expect(list.data[0]).toMatchObject({
      changes: [],
      // Alphabetical, as the changes: the database keeps the fields in an order of its own.
      details: [
        { field: "Como", value: "senha" },
        { field: "E-mail", value: admin.email },
      ],
    });
  });
});
