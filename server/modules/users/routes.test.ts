import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type UserPage, type UserView, userPageSchema } from "../../../common/views/users.ts";
import { expectAdministratorsOnly } from "../../../tests/support/api-access.ts";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { mailOutbox } from "../mail/tables.ts";

const t = withTestApp();

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: "Bruno Lima",
  email: "bruno@example.com",
  role: "user",
  password: "senha-boa",
  ...overrides,
});

describe("access", () => {
  it("asks to sign in, and refuses people with role user", async () => {
    const superToken = await t.setupSite();
    const user = await t.createUser("user", superToken);
    const calls = [
      ["GET", "/api/users"],
      ["POST", "/api/users"],
      ["GET", "/api/users/1"],
      ["PUT", "/api/users/1"],
      ["DELETE", "/api/users/1"],
      ["POST", "/api/users/1/two-factor/reset"],
    ] as const;
    await expectAdministratorsOnly(t, user.token, calls, (method) => (method === "GET" ? undefined : newUser()));
    // A refused write changed nothing.
    expect((await t.request("GET", "/api/users", { token: superToken })).json<UserPage>().pagination.total).toBe(2);
    // Another person's second factor is a super user's to reset, not an administrator's.
    const admin = await t.createUser("admin", superToken);
    const reset = await t.request("POST", `/api/users/${user.id}/two-factor/reset`, { token: admin.token });
    expect(reset.status).toBe(403);
    expect(reset.json()).toEqual({ message: "Apenas um usuário Super pode fazer isto." });
  });

  it("checks permission before validating, so strangers learn nothing from field errors", async () => {
    const response = await t.request("POST", "/api/users", { body: { email: "x" } });
    expect(response.status).toBe(401);
    expect(response.json()).toEqual({ message: "Faça login para continuar." });
  });
});

describe("list", () => {
  it("pages through users ordered by name, with search and role filter, for admins and supers", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken, "carla@example.com");
    for (const [name, email] of [
      ["Zeca Souza", "zeca@example.com"],
      ["Beatriz Rocha", "bia@coop.org"],
      ["Daniel 100%", "daniel@example.com"],
    ]) {
      await t.request("POST", "/api/users", { token: superToken, body: newUser({ name, email }) });
    }

    for (const token of [superToken, admin.token]) {
      const all = await t.request("GET", "/api/users?per_page=2", { token });
      expect(all.status).toBe(200);
      const first = userPageSchema.parse(all.json());
      expect(first.pagination).toEqual({ total: 5, page: 1, per_page: 2 });
      expect(first.data.map((user) => user.name)).toEqual(["Ana Super", "Beatriz Rocha"]);
      expect(first.data[0]).toEqual({
        id: expect.any(Number),
        name: "Ana Super",
        email: SUPER.email,
        role: "super",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        two_factor: false,
      });
      expect(first.data[0]).not.toHaveProperty("password_hash");
      const third = (await t.request("GET", "/api/users?per_page=2&page=3", { token })).json<UserPage>();
      expect(third.data.map((user) => user.name)).toEqual(["Zeca Souza"]);
    }

    const search = async (query: string) =>
      (await t.request("GET", `/api/users?${query}`, { token: superToken })).json<UserPage>();
    expect((await search("q=COOP.ORG")).data.map((user) => user.name)).toEqual(["Beatriz Rocha"]);
    expect((await search("q=souza")).data.map((user) => user.name)).toEqual(["Zeca Souza"]);
    // % and _ are searched literally, not as wildcards.
    expect((await search(`q=${encodeURIComponent("100%")}`)).data.map((user) => user.name)).toEqual(["Daniel 100%"]);
    expect((await search("q=%25")).pagination.total).toBe(1);
    expect((await search("role=admin")).data.map((user) => user.email)).toEqual(["carla@example.com"]);
    expect((await search("q=ninguem")).pagination.total).toBe(0);
  });

  it("refuses bad paging and filter parameters with 400", async () => {
    const token = await t.setupSite();
    for (const query of ["page=0", "page=abc", "per_page=101", "role=chefe"]) {
      const response = await t.request("GET", `/api/users?${query}`, { token });
      expect(response.status, query).toBe(400);
      expect(response.json<{ errors: Record<string, string[]> }>().errors).toBeDefined();
    }
  });
});

describe("create, read, update, delete", () => {
  it("creates a user who can sign in; the e-mail is stored lower-cased", async () => {
    const token = await t.setupSite();
    const created = await t.request("POST", "/api/users", {
      token,
      body: newUser({ email: "  Bruno@Example.COM " }),
    });
    expect(created.status).toBe(201);
    const user = created.json<UserView>();
    expect(user).toMatchObject({ name: "Bruno Lima", email: "bruno@example.com", role: "user" });
    expect((await t.request("GET", `/api/users/${user.id}`, { token })).json()).toEqual(user);
    await t.login("BRUNO@example.com", "senha-boa");
  });

  it("defaults the role to user", async () => {
    const token = await t.setupSite();
    const { role: _role, ...withoutRole } = newUser();
    const created = await t.request("POST", "/api/users", { token, body: withoutRole });
    expect(created.json()).toMatchObject({ role: "user" });
  });

  it("validates the fields, including a password of at least 6 characters", async () => {
    const token = await t.setupSite();
    const response = await t.request("POST", "/api/users", {
      token,
      body: { name: "", email: "bruno", role: "chefe", password: "12345" },
    });
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({
      message: "Verifique os campos destacados.",
      errors: {
        name: ["Campo obrigatório"],
        email: ["Informe um e-mail válido"],
        role: ["Escolha um perfil válido"],
        password: ["A senha deve ter pelo menos 6 caracteres"],
      },
    });
  });

  it("refuses a duplicate e-mail (in any case) with 409", async () => {
    const token = await t.setupSite();
    await t.request("POST", "/api/users", { token, body: newUser() });
    const again = await t.request("POST", "/api/users", { token, body: newUser({ email: "BRUNO@example.com" }) });
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({
      message: "Este e-mail já está cadastrado.",
      errors: { email: ["Este e-mail já está cadastrado."] },
    });

    const other = await t.request("POST", "/api/users", { token, body: newUser({ email: "outro@example.com" }) });
    const taken = await t.request("PUT", `/api/users/${other.json<UserView>().id}`, {
      token,
      body: newUser({ email: "bruno@example.com" }),
    });
    expect(taken.status).toBe(409);
  });

  it("answers 409, not 500, when two requests create the same e-mail at once", async () => {
    const token = await t.setupSite();
    const responses = await Promise.all([1, 2].map(() => t.request("POST", "/api/users", { token, body: newUser() })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it("updates name, e-mail and role; an empty password keeps the old one, a new one or a new role ends their sessions", async () => {
    const token = await t.setupSite();
    const user = await t.createUser("user", token, "bruno@example.com");
    const renamed = await t.request("PUT", `/api/users/${user.id}`, {
      token,
      body: { name: "Bruno L.", email: "Bruno.L@example.com", role: "admin", password: "" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: user.id,
      name: "Bruno L.",
      email: "bruno.l@example.com",
      role: "admin",
    });
    // The customer's session does not become an administrator's: she signs in again.
    expect((await t.request("GET", "/api/profile", { token: user.token })).status).toBe(401);
    const again = await t.login("bruno.l@example.com", user.password);
    expect((await t.request("GET", "/api/profile", { token: again })).json()).toMatchObject({ role: "admin" });

    const short = await t.request("PUT", `/api/users/${user.id}`, {
      token,
      body: { name: "Bruno L.", email: "bruno.l@example.com", role: "admin", password: "123" },
    });
    expect(short.status).toBe(400);

    await t.request("PUT", `/api/users/${user.id}`, {
      token,
      body: { name: "Bruno L.", email: "bruno.l@example.com", role: "admin", password: "trocada-1" },
    });
    expect((await t.request("GET", "/api/profile", { token: again })).status).toBe(401);
    await t.login("bruno.l@example.com", "trocada-1");
  });

  it("deletes a user; a missing one is 404", async () => {
    const token = await t.setupSite();
    const user = await t.createUser("user", token);
    const deleted = await t.request("DELETE", `/api/users/${user.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeNull();
    const missing = await t.request("GET", `/api/users/${user.id}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: "Usuário não encontrado." });
    expect((await t.request("DELETE", `/api/users/${user.id}`, { token })).status).toBe(404);
    expect((await t.request("PUT", `/api/users/${user.id}`, { token, body: newUser() })).status).toBe(404);
  });

  it("refuses to delete yourself", async () => {
    const token = await t.setupSite();
    const admin = await t.createUser("admin", token);
    for (const [actor, id] of [
      [admin.token, admin.id],
      [token, 1],
    ] as const) {
      const response = await t.request("DELETE", `/api/users/${id}`, { token: actor });
      expect(response.status).toBe(400);
      expect(response.json()).toEqual({ message: "Você não pode remover a sua própria conta por aqui." });
    }
    expect((await t.request("GET", "/api/profile", { token: admin.token })).status).toBe(200);
  });
});

describe("changing your own password", () => {
  const missing = "Informe a senha atual para trocar a senha";
  const wrong = "A senha atual não confere";

  it.each(["admin", "super"] as const)(
    "someone with role %s needs the current password, as on the profile",
    async (role) => {
      const superToken = await t.setupSite();
      const me = await t.createUser(role, superToken);
      const elsewhere = await t.login(me.email, me.password);
      const body = { name: "Eu mesma", email: me.email, role, password: "nova-senha-1" };

      const without = await t.request("PUT", `/api/users/${me.id}`, { token: me.token, body });
      expect(without.status).toBe(400);
      expect(without.json()).toEqual({ message: `${missing}.`, errors: { current_password: [missing] } });

      const guessed = await t.request("PUT", `/api/users/${me.id}`, {
        token: me.token,
        body: { ...body, current_password: "chute123" },
      });
      expect(guessed.status).toBe(400);
      expect(guessed.json()).toEqual({ message: `${wrong}.`, errors: { current_password: [wrong] } });
      // The refused attempts changed nothing, not even the name.
      await t.login(me.email, me.password);
      expect((await t.request("GET", "/api/profile", { token: me.token })).json()).toMatchObject({
        name: `Pessoa ${role}`,
      });

      const changed = await t.request("PUT", `/api/users/${me.id}`, {
        token: me.token,
        body: { ...body, current_password: me.password },
      });
      expect(changed.status).toBe(200);
      expect((await t.request("GET", "/api/profile", { token: me.token })).status).toBe(200);
      expect((await t.request("GET", "/api/profile", { token: elsewhere })).status).toBe(401);
      await t.login(me.email, "nova-senha-1");
    },
  );

  it("is not asked for when editing someone else or keeping your own password", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    const user = await t.createUser("user", superToken);
    const other = await t.request("PUT", `/api/users/${user.id}`, {
      token: admin.token,
      body: { name: "Cliente", email: user.email, role: "user", password: "trocada-1" },
    });
    expect(other.status).toBe(200);
    await t.login(user.email, "trocada-1");
    const own = await t.request("PUT", `/api/users/${admin.id}`, {
      token: admin.token,
      body: { name: "Admin renomeada", email: admin.email, role: "admin", password: "" },
    });
    expect(own.status).toBe(200);
  });
});

describe("changing an e-mail in the editor", () => {
  const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

  it("tells the old address that an administrator changed it", async () => {
    const token = await t.setupSite();
    const user = await t.createUser("user", token, "bruno@example.com");
    const response = await t.request("PUT", `/api/users/${user.id}`, {
      token,
      body: { name: "Bruno", email: "bruno.novo@example.com", role: "user", password: "" },
    });
    expect(response.status).toBe(200);
    const [notice, ...others] = await mailsTo("bruno@example.com");
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ kind: "email-changed", subject: "O e-mail da sua conta foi alterado" });
    expect(notice?.text).toContain("Um administrador do site trocou o e-mail da sua conta");
    expect(notice?.text).toContain("br***@example.com");
    // Nothing for an edit that keeps the address.
    await t.request("PUT", `/api/users/${user.id}`, {
      token,
      body: { name: "Bruno Lima", email: "bruno.novo@example.com", role: "user", password: "" },
    });
    expect(await mailsTo("bruno.novo@example.com")).toEqual([]);
  });

  it("asks for your current password to change your own, as on the profile", async () => {
    const superToken = await t.setupSite();
    const me = await t.createUser("admin", superToken);
    const body = { name: "Eu", email: "eu.nova@example.com", role: "admin", password: "" };
    const without = await t.request("PUT", `/api/users/${me.id}`, { token: me.token, body });
    expect(without.status).toBe(400);
    expect(without.json()).toEqual({
      message: "Informe a senha atual para trocar o e-mail.",
      errors: { current_password: ["Informe a senha atual para trocar o e-mail"] },
    });
    const changed = await t.request("PUT", `/api/users/${me.id}`, {
      token: me.token,
      body: { ...body, current_password: me.password },
    });
    expect(changed.status).toBe(200);
    const [notice] = await mailsTo(me.email);
    expect(notice?.text).toContain("O e-mail da sua conta em Cooperativa Teste foi trocado para eu***@example.com");
  });
});

describe("the super role", () => {
  it("an admin cannot create a super, promote to super, edit or delete a super", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    const user = await t.createUser("user", superToken, "cliente@example.com");
    const message = "Apenas um usuário Super pode conceder ou alterar o perfil Super.";

    const create = await t.request("POST", "/api/users", { token: admin.token, body: newUser({ role: "super" }) });
    expect(create.status).toBe(403);
    expect(create.json()).toEqual({ message, errors: { role: [message] } });

    const promote = await t.request("PUT", `/api/users/${user.id}`, {
      token: admin.token,
      body: { name: "Cliente", email: user.email, role: "super" },
    });
    expect(promote.status).toBe(403);

    const editSuper = await t.request("PUT", "/api/users/1", {
      token: admin.token,
      body: { name: "Ana", email: SUPER.email, role: "admin" },
    });
    expect(editSuper.status).toBe(403);

    const deleteSuper = await t.request("DELETE", "/api/users/1", { token: admin.token });
    expect(deleteSuper.status).toBe(403);
    expect(deleteSuper.json()).toEqual({ message: "Apenas um usuário Super pode remover outro Super." });

    expect((await t.request("GET", `/api/users/${user.id}`, { token: superToken })).json()).toMatchObject({
      role: "user",
    });
    expect((await t.request("GET", "/api/users/1", { token: superToken })).json()).toMatchObject({ role: "super" });
  });

  it("an admin manages users and admins", async () => {
    const superToken = await t.setupSite();
    const admin = await t.createUser("admin", superToken);
    const created = await t.request("POST", "/api/users", { token: admin.token, body: newUser({ role: "admin" }) });
    expect(created.status).toBe(201);
    const id = created.json<UserView>().id;
    const demoted = await t.request("PUT", `/api/users/${id}`, {
      token: admin.token,
      body: { name: "Bruno", email: "bruno@example.com", role: "user" },
    });
    expect(demoted.json()).toMatchObject({ role: "user" });
    expect((await t.request("DELETE", `/api/users/${id}`, { token: admin.token })).status).toBe(204);
  });

  it("a super creates and promotes supers, and can demote or delete one while another remains", async () => {
    const superToken = await t.setupSite();
    const created = await t.request("POST", "/api/users", { token: superToken, body: newUser({ role: "super" }) });
    expect(created.status).toBe(201);
    const second = created.json<UserView>();
    const user = await t.createUser("user", superToken);
    const promoted = await t.request("PUT", `/api/users/${user.id}`, {
      token: superToken,
      body: { name: "Promovida", email: user.email, role: "super" },
    });
    expect(promoted.json()).toMatchObject({ role: "super" });

    const demoted = await t.request("PUT", `/api/users/${second.id}`, {
      token: superToken,
      body: { name: second.name, email: second.email, role: "admin" },
    });
    expect(demoted.json()).toMatchObject({ role: "admin" });
    expect((await t.request("DELETE", `/api/users/${user.id}`, { token: superToken })).status).toBe(204);
  });

  it("nobody can demote the last super (409)", async () => {
    const superToken = await t.setupSite();
    const response = await t.request("PUT", "/api/users/1", {
      token: superToken,
      body: { name: SUPER.admin_name, email: SUPER.email, role: "admin" },
    });
    expect(response.status).toBe(409);
    const lastSuper = "O último usuário Super não pode ser removido nem rebaixado.";
    expect(response.json()).toEqual({ message: lastSuper, errors: { role: [lastSuper] } });
    expect((await t.request("GET", "/api/profile", { token: superToken })).json()).toMatchObject({ role: "super" });

    // The super keeps editing their own name and e-mail.
    const renamed = await t.request("PUT", "/api/users/1", {
      token: superToken,
      body: { name: "Ana S.", email: SUPER.email, role: "super" },
    });
    expect(renamed.status).toBe(200);
  });

  it("two supers demoting each other at once leave one super", async () => {
    const superToken = await t.setupSite();
    const other = await t.createUser("super", superToken);
    const responses = await Promise.all([
      t.request("PUT", `/api/users/${other.id}`, {
        token: superToken,
        body: { name: "Pessoa super", email: other.email, role: "admin" },
      }),
      t.request("PUT", "/api/users/1", {
        token: other.token,
        body: { name: SUPER.admin_name, email: SUPER.email, role: "admin" },
      }),
    ]);
    // The loser is refused either way: 409 if it raced the check, 403 if it was already demoted when it
    // arrived, 401 if the demotion had already ended its session (a role change ends the person's sessions).
    const [won, lost] = responses.map((response) => response.status).sort();
    expect(won).toBe(200);
    expect([401, 403, 409]).toContain(lost);
    // The one who demoted the other is the super left, still signed in.
    const winner = responses[0]?.status === 200 ? superToken : other.token;
    const supers = (await t.request("GET", "/api/users?role=super", { token: winner })).json<UserPage>();
    expect(supers.pagination.total).toBe(1);
  });

  it("the last super cannot be deleted, and two supers cannot demote each other to none", async () => {
    const superToken = await t.setupSite();
    const other = await t.createUser("super", superToken);
    expect(
      (
        await t.request("PUT", "/api/users/1", {
          token: other.token,
          body: { name: SUPER.admin_name, email: SUPER.email, role: "user" },
        })
      ).status,
    ).toBe(200);
    const lastDemote = await t.request("PUT", `/api/users/${other.id}`, {
      token: other.token,
      body: { name: "Pessoa super", email: other.email, role: "admin" },
    });
    expect(lastDemote.status).toBe(409);
    const lastDelete = await t.request("DELETE", `/api/users/${other.id}`, { token: other.token });
    expect(lastDelete.status).toBe(400);
    const supers = (await t.request("GET", "/api/users?role=super", { token: other.token })).json<UserPage>();
    expect(supers.data.map((user) => user.id)).toEqual([other.id]);
  });
});
