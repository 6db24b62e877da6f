/**
 * The members' dues job in a process of its own, as a second server runs it
 * (server/modules/members/dues-two-processes.test.ts): `node tests/support/dues-process.ts <database url>`.
 * It opens its own connection and says "ready"; then for each line "<wall-clock ms> <ISO instant>" on stdin it
 * spins until that wall-clock instant, so that two of them start within a millisecond of each other, takes a
 * turn of the job as of <ISO instant> with services built afresh (as a process just started has them), and
 * prints what the turn did as one JSON line.
 */
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { openPostgres } from "../../server/db/client.ts";
import { createTestServices } from "./test-services.ts";

const [url] = process.argv.slice(2);
if (!url) throw new Error("usage: node tests/support/dues-process.ts <database url>");
const database = await openPostgres(url);
// The connection is opened before the first turn, so that neither of two processes starts its turn by connecting.
await database.db.execute(sql`select 1`);
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  const [at, instant] = line.split(" ");
  while (Date.now() < Number(at));
  const done = await createTestServices(database).members.runDues(new Date(instant ?? ""));
  process.stdout.write(`${JSON.stringify(done)}\n`);
}
await database.close();
