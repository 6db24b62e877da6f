import { expect, test } from "./fixtures.ts";

// A control character (NUL above all, which PostgreSQL refuses in text) in an address or a form
// must never reach the database as a 500.

const pages = [
  "/%00",
  "/noticias/%00",
  "/agenda/%00",
  "/agenda/%00/ics",
  "/biblioteca/%00",
  "/busca?q=%00",
  "/busca?q=feira%00&page=2",
  "/biblioteca?category=%00",
  "/noticias?tag=a%1Bb",
  "/conta/pages/%00/edit",
];

for (const path of pages) {
  test(`${path} is the 404 page`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Página não encontrada");
  });
}

test("the API answers a NUL in its address with a pt-BR 400", async ({ request }) => {
  for (const path of ["/api/pages/%00", "/api/search?q=%00"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.json(), path).toEqual({ message: "O endereço contém caracteres inválidos." });
  }
});

test("the contact form refuses a NUL or another control character in the message, with a pt-BR error", async ({
  request,
}) => {
  for (const message of ["Olá\u0000mundo", "Olá\u001b[31m"]) {
    const response = await request.post("/contato", {
      form: { name: "Joana", email: "joana@example.com", message },
    });
    expect(response.status(), JSON.stringify(message)).toBe(400);
    expect(await response.text()).toContain("Caracteres inválidos");
  }
});
