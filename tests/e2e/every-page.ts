import fs from "node:fs";
import path from "node:path";
import { OUTPUT_DIR } from "./site.ts";

/**
 * What tests/e2e/every-page.setup.ts leaves for every-page.spec.ts: the records it created (their addresses are only known once the setup has run, after the spec files
 * were loaded) and each role's signed-in browser state, with a cart in its cookie.
 */
const DIR = path.join(OUTPUT_DIR, "every-page");

export type PageRole = "visitor" | "customer" | "admin" | "super";

/** The every-page site's title: as long as the settings allow (120), in long words. */
export const LONG_TITLE =
  "Cooperativa Agroextrativista das Trabalhadoras e Trabalhadores Rurais do Vale do Jequitinhonha e Mucuri";

export type Seeded = {
  pagePath: string;
  postPath: string;
  eventPath: string;
  mediaId: number;
  productPath: string;
  productId: number;
  pageId: number;
  postId: number;
  eventId: number;
  menuId: number;
  redirectId: number;
  /** A coupon limited to the product, with every condition filled in. */
  couponId: number;
  /** A WordPress import run to its end: its report with the counts of what it made. */
  wordpressImportId: number;
  contactId: number;
  customerId: number;
  /** The customer's order, paid by Pix. */
  orderId: number;
  /** The customer's membership: proposed from her account, approved, with her first due open. */
  memberId: number;
  memberPlanId: number;
  /** Her card's verification page. */
  verificationPath: string;
};

export const statePath = (role: PageRole) => path.join(DIR, `${role}-state.json`);
const seededPath = path.join(DIR, "seeded.json");

function write(file: string, value: unknown): void {
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

export const writeSeeded = (seeded: Seeded) => write(seededPath, seeded);

export function readSeeded(): Seeded {
  if (!fs.existsSync(seededPath)) {
    throw new Error(
      `${seededPath} is missing: run the every-page-setup project first (npx playwright test --project=every-page runs it)`,
    );
  }
  return JSON.parse(fs.readFileSync(seededPath, "utf8")) as Seeded;
}
