import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import pg from "pg";
import { cpfOf } from "../support/tax-ids.ts";
import { signInWithoutJavaScript } from "./account-forms.ts";
import { expectReadable } from "./axe.ts";
import { expect, jsonOf, login, test, uniqueId } from "./fixtures.ts";
import { type OwnServer, setUpSite, startOwnServer } from "./own-server.ts";
import { tail } from "./server-process.ts";

/*
 * The second half of a member's story (the first, from "Associe-se" to her card, is members.spec.ts): she
 * joined and paid, reads a members-only news item; two months later her dues are behind, the job runner
 * makes the missing ones, she is late and reminded by e-mail, the item is a notice to her; she pays and
 * reads it again. Time passes in her site's database (her dues and her status moved back two months, as
 * the calendar would have), so this runs in the PostgreSQL run only (playwright.config.ts's ON_POSTGRES),
 * on a site of its own.
 */

type MemberDetail = {
  member: { id: number; status: string };
  dues: { id: number; status: string; period: string }[];
};
type MailPage = { data: { kind: string; to: string; subject: string; text: string }[] };

const SUPER = { title: "Cooperativa Atrasos E2E", admin_name: "Rui Super", email: "rui@atrasos.example" };
const PASSWORD = "senha-forte-de-teste-2";
const SECRET = "orcamentoreservadodaassembleia";
const NOTICE = "Conteúdo para associados";
const MEMBERSHIP = "/conta/minha-associacao";

let own: OwnServer | undefined;
let api: APIRequestContext | undefined;

function siteApi(): APIRequestContext {
  if (!api) throw new Error("the site is not started");
  return api;
}

function ownUrl(): string {
  if (!own) throw new Error("the site is not started");
  return own.server.url;
}

/** "YYYY-MM-DD" on São Paulo's clock. */
const saoPauloToday = () =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());

/** Her dues, her status's dates and her history two months earlier, as if she had joined then. */
async function twoMonthsPass(memberId: number): Promise<void> {
  if (!own?.databaseUrl) throw new Error("this story needs the site's PostgreSQL database");
  const client = new pg.Client({ connectionString: own.databaseUrl });
  await client.connect();
  try {
    const back = (column: string) => `to_char((${column} || '-01')::date - interval '2 months', 'YYYY-MM')`;
    await client.query("BEGIN");
    await client.query(
      `UPDATE member_dues SET period = ${back("period")}, due_on = due_on - interval '2 months',
         paid_on = paid_on - interval '2 months',
         txid = 'A' || (SELECT number FROM members WHERE id = $1) || 'P' || replace(${back("period")}, '-', '')
       WHERE member_id = $1`,
      [memberId],
    );
    await client.query(
      `UPDATE members SET last_period = ${back("last_period")}, admitted_on = admitted_on - interval '2 months',
         status_since = status_since - interval '2 months' WHERE id = $1`,
      [memberId],
    );
    await client.query(
      "UPDATE member_status_changes SET created_at = created_at - interval '2 months' WHERE member_id = $1",
      [memberId],
    );
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
}

const memberDetail = async (id: number) => jsonOf<MemberDetail>(await siteApi().get(`/api/members/${id}`));

async function payEveryOpenDue(id: number): Promise<void> {
  for (const due of (await memberDetail(id)).dues.filter((each) => each.status === "open"))
    await jsonOf(
      await siteApi().post(`/api/members/${id}/dues/${due.id}/payment`, { data: { paid_on: saoPauloToday() } }),
    );
}

const browse = (browser: Browser, width: number, javaScriptEnabled = true): Promise<BrowserContext> =>
  browser.newContext({
    baseURL: ownUrl(),
    viewport: { width, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    javaScriptEnabled,
  });

async function expectOpen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByText(SECRET)).toBeVisible();
  await expect(page.getByRole("region", { name: NOTICE })).toHaveCount(0);
}

test.beforeAll(async ({ playwright }) => {
  own = await startOwnServer("members-late", { LOG_LEVEL: "warn" });
  const token = await setUpSite(own.server.url, SUPER, PASSWORD);
  api = await playwright.request.newContext({
    baseURL: own.server.url,
    extraHTTPHeaders: { Authorization: `Token ${token}`, Accept: "application/json" },
  });
  await jsonOf(
    await api.put("/api/shop/settings", {
      data: {
        legal_name: SUPER.title,
        payments: {
          provider: "pix",
          pix: { key: "pix@atrasos.example", receiver_name: "Cooperativa Atrasos", receiver_city: "Recife" },
        },
      },
    }),
  );
  const settings = await jsonOf<{ features: Record<string, { enabled: boolean }> }>(await api.get("/api/settings"));
  for (const key of ["posts", "members"]) {
    const feature = settings.features[key];
    if (feature) feature.enabled = true;
  }
  await jsonOf(await api.post("/api/settings", { data: settings }));
});

test.afterAll(async () => {
  await api?.dispose();
  await own?.close();
});

test.afterEach(async ({ browserName: _ }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && own)
    await testInfo.attach("server-log", { body: await tail(own.server.logPath), contentType: "text/plain" });
});

test("two months after joining she is late, is reminded, loses the members' news, pays and reads it again", async ({
  browser,
  playwright,
}) => {
  const id = uniqueId();
  const account = { name: `Lia ${id}`, email: `lia-${id}@atrasos.example`, password: "senha-e2e-1", role: "user" };
  await jsonOf(await siteApi().post("/api/users", { data: account }), 201);
  const plan = await jsonOf<{ id: number }>(
    await siteApi().post("/api/members/plans", {
      // Due on the 1st, no grace, suspended only after three: two months behind, she is Em atraso.
      data: {
        name: "Mensal",
        amount_cents: 3000,
        cycle: "mensal",
        due_day: 1,
        grace_days: 0,
        suspend_after: 3,
        active: true,
      },
    }),
    201,
  );
  const post = await jsonOf<{ url: string; title: string }>(
    await siteApi().post("/api/posts", {
      data: { title: `Orçamento ${id}`, content: `<p>${SECRET}</p>`, status: "published", members_only: true },
    }),
    201,
  );

  // She applies signed in (her account linked), is approved and pays her first due.
  const session = await playwright.request.newContext({ baseURL: ownUrl() });
  const { token } = await jsonOf<{ token: string }>(
    await session.post("/api/auth/login", { data: { email: account.email, password: account.password } }),
  );
  await jsonOf(
    await session.post("/api/members/applications", {
      headers: { Authorization: `Token ${token}` },
      data: {
        kind: "pessoa",
        name: account.name,
        tax_id: cpfOf(Number.parseInt(id.slice(-7), 36) % 999_999_999),
        email: account.email,
        phone: "(81) 99999-1234",
        address: {
          postal_code: "50030-230",
          uf: "PE",
          city: "Recife",
          street: "Rua da Aurora",
          number: "100",
          neighborhood: "Boa Vista",
          complement: "",
        },
        born_on: "1990-01-15",
        plan_id: plan.id,
        consent: true,
      },
    }),
    201,
  );
  await session.dispose();
  const listed = await jsonOf<{ data: { id: number }[] }>(
    await siteApi().get(`/api/members?q=${encodeURIComponent(account.email)}`),
  );
  const memberId = listed.data[0]?.id;
  if (memberId === undefined) throw new Error("her proposal is not in the register");
  await jsonOf(await siteApi().post(`/api/members/${memberId}/status`, { data: { status: "ativo", reason: "" } }));
  await payEveryOpenDue(memberId);

  const phone = await browse(browser, 375);
  const page = await phone.newPage();
  await login(page, account.email, account.password);
  await expectOpen(page, post.url);

  // Two months on: the job runner's turn makes the dues she owes, moves her and reminds her.
  await twoMonthsPass(memberId);
  await jsonOf(await siteApi().post("/api/members/dues/run"));
  const late = await memberDetail(memberId);
  expect(late.member.status).toBe("em_atraso");
  expect(late.dues.filter((due) => due.status === "open").length).toBeGreaterThanOrEqual(2);
  const outbox = await jsonOf<MailPage>(await siteApi().get("/api/mail/outbox?per_page=50"));
  const reminders = outbox.data.filter(
    (mail) => mail.kind === "member-due-reminder" && mail.to.includes(account.email),
  );
  expect(reminders.length).toBeGreaterThanOrEqual(1);
  expect(reminders.some((mail) => mail.text.includes("000201"))).toBe(true);
  // The job runner's next turn, the same day, reminds her of nothing again.
  await jsonOf(await siteApi().post("/api/members/dues/run"));
  const again = await jsonOf<MailPage>(await siteApi().get("/api/mail/outbox?per_page=50"));
  expect(
    again.data.filter((mail) => mail.kind === "member-due-reminder" && mail.to.includes(account.email)),
  ).toHaveLength(reminders.length);

  // The news item is a notice now, and the notice leads to her dues, each with its Pix code.
  await page.goto(post.url);
  const notice = page.getByRole("region", { name: NOTICE });
  await expect(notice).toContainText("Sua conta não tem uma associação em dia.");
  await expect(page.getByText(SECRET)).toHaveCount(0);
  await expectReadable(page, 375);
  await notice.getByRole("link", { name: "Ver minha associação" }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(MEMBERSHIP);
  await expect(page.getByTestId("membership-standing")).toHaveText("Não está em dia");
  await expect(page.getByText("Em atraso").first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Pix Copia e Cola" }).first()).toBeVisible();
  await expectReadable(page, 375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectReadable(page, 1280);

  // Without JavaScript, the same notice and her dues.
  const plain = await browse(browser, 375, false);
  const plainPage = await plain.newPage();
  await signInWithoutJavaScript(plainPage, account.email, account.password, post.url);
  await expect(plainPage.getByRole("region", { name: NOTICE })).toBeVisible();
  await expectReadable(plainPage, 375, false);

  // She pays what she owes (recorded as the shop's Pix payments are): in good standing, she reads it again.
  await payEveryOpenDue(memberId);
  expect((await memberDetail(memberId)).member.status).toBe("ativo");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectOpen(page, post.url);
  await plainPage.goto(post.url);
  await expect(plainPage.getByText(SECRET)).toBeVisible();
  await page.goto(MEMBERSHIP);
  await expect(page.getByTestId("membership-standing")).toHaveText("Em dia");
  await expectReadable(page, 375);
  await plain.close();
  await phone.close();
});
