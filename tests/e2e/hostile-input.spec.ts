import http from "node:http";
import { WORDPRESS_UPLOAD_MAX_BYTES } from "../../common/schemas/wordpress-import.ts";
import { expect, jsonOf, test } from "./fixtures.ts";
import { CONFIGURED_URL } from "./site.ts";

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

const MB = 1024 * 1024;
const BOUNDARY = "----hostile-input";
const nested = (depth: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</channel></rss>`;

/**
 * The WordPress import's upload as a browser sends it, through Node's own client: an export of `size`
 * bytes in a form whose length is announced (`announced` when it says more than it sends), the answer
 * read as soon as the server gives it, before the rest of the body is written.
 */
function uploadExport(token: string, size: number, announced?: number): Promise<{ status: number; message: string }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"\r\n\r\nnone\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="export"; filename="site.xml"\r\n` +
      "Content-Type: text/xml\r\n\r\n",
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const piece = Buffer.alloc(MB, " ");
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      new URL("/api/wordpress-imports", CONFIGURED_URL),
      {
        method: "POST",
        headers: {
          authorization: `Token ${token}`,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
          "content-length": String(announced ?? head.byteLength + size + tail.byteLength),
        },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          request.destroy();
          const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { message: string };
          resolve({ status: response.statusCode ?? 0, message: body.message });
        });
      },
    );
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const write = async () => {
      request.write(head);
      for (let sent = 0; sent < size && !answered; sent += piece.byteLength) {
        if (request.write(piece.subarray(0, Math.min(piece.byteLength, size - sent)))) continue;
        await new Promise<void>((drained) => {
          const done = () => {
            request.off("drain", done).off("close", done);
            drained();
          };
          request.on("drain", done).on("close", done);
        });
      }
      if (!answered && announced === undefined) request.end(tail);
    };
    void write();
  });
}

test.describe("the WordPress import's limits (issue 33 item 7)", () => {
  test("an export nested 1,000 deep is a pt-BR 400, never a 500", async ({ api }) => {
    const response = await api.post("/api/wordpress-imports", {
      multipart: {
        export: { name: "site.xml", mimeType: "text/xml", buffer: Buffer.from(nested(1000)) },
        files: "none",
      },
    });
    expect(response.status()).toBe(400);
    expect((await response.json()).message).toMatch(
      /^O arquivo tem elementos dentro de elementos em mais de 32 níveis/,
    );
  });

  test("an upload past the size limit is a pt-BR 413, whether its length says so or only its bytes", async ({
    superToken,
  }) => {
    const announced = await uploadExport(superToken, 0, WORDPRESS_UPLOAD_MAX_BYTES + 1);
    expect(announced).toEqual({
      status: 413,
      message: "Os arquivos enviados passam de 100 MB. Para um site maior, use npm run import:wordpress no servidor.",
    });
    // Within the form's limit, but the export alone is past its own.
    const streamed = await uploadExport(superToken, 101 * MB);
    expect(streamed).toEqual({
      status: 413,
      message: "A exportação site.xml passa de 100 MB. Para um site maior, use npm run import:wordpress no servidor.",
    });
  });

  test("a customer gets 403 on each of the import's endpoints", async ({ request, createUser }) => {
    const customer = await createUser("user");
    const { token } = await jsonOf<{ token: string }>(
      await request.post("/api/auth/login", { data: { email: customer.email, password: customer.password } }),
    );
    const headers = { Authorization: `Token ${token}` };
    const form = {
      export: { name: "site.xml", mimeType: "text/xml", buffer: Buffer.from(nested(1)) },
      files: "none",
    };
    const answers = [
      await request.get("/api/wordpress-imports", { headers }),
      await request.post("/api/wordpress-imports", { headers, multipart: form }),
      await request.get("/api/wordpress-imports/1", { headers }),
      await request.post("/api/wordpress-imports/1/start", { headers }),
    ];
    for (const answer of answers) {
      expect(answer.status(), answer.url()).toBe(403);
      expect(await answer.json(), answer.url()).toEqual({ message: "Você não tem permissão para esta ação." });
    }
  });
});
