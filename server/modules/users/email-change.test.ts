import { describe, expect, it } from "vitest";
import { SUPER } from "../../../tests/support/test-app.ts";
import { withTestApp } from "../../../tests/support/with-test-app.ts";
import { FORMER_EMAILS_KEPT, maskEmail } from "./email-change.ts";
import { users } from "./tables.ts";

describe("maskEmail", () => {
  it("keeps the domain and the first letters of the name, never the whole name", () => {
    expect(maskEmail("nova.ana@example.org")).toBe("no***@example.org");
    expect(maskEmail("ana@example.org")).toBe("a***@example.org");
    expect(maskEmail("a@example.org")).toBe("a***@example.org");
    expect(maskEmail('"a@b"@example.org')).toBe('"a***@example.org');
  });
});

describe("former e-mails", () => {
  const t = withTestApp();

  it(`keeps only the ${FORMER_EMAILS_KEPT} most recent addresses an account changed from, newest last`, async () => {
    const token = await t.setupSite();
    const addresses = Array.from({ length: FORMER_EMAILS_KEPT + 3 }, (_, index) => `ana${index}@example.org`);
    for (const email of addresses) {
      const changed = await t.request("PUT", "/api/profile", {
        token,
        body: { name: SUPER.admin_name, email, current_password: SUPER.password },
      });
      expect(changed.status).toBe(200);
    }
    const [account] = await t.database.db.select({ former: users.formerEmails }).from(users);
    const changedFrom = [SUPER.email, ...addresses.slice(0, -1)];
    expect(account?.former).toEqual(changedFrom.slice(-FORMER_EMAILS_KEPT));
    // Going back to a former address takes it out of the list, the one just left joins it.
    const back = await t.request("PUT", "/api/profile", {
      token,
      body: { name: SUPER.admin_name, email: "ana5@example.org", current_password: SUPER.password },
    });
    expect(back.status).toBe(200);
    const [after] = await t.database.db.select({ former: users.formerEmails }).from(users);
    expect(after?.former).toEqual([
      ...changedFrom.slice(-FORMER_EMAILS_KEPT).filter((e) => e !== "ana5@example.org"),
      "ana12@example.org",
    ]);
  });
});
