import os from "node:os";
import { pino } from "pino";
import type { FileStorage } from "../server/adapters/storage/file-storage.ts";
import type { Config } from "../server/config.ts";
import type { Database } from "../server/db/client.ts";
import type { AuditWrite } from "../server/modules/audit/audit-service.ts";
import { createServices } from "../server/services.ts";

/** Who an operator's command is in the audit log: the command, and the machine's user when it can be known. */
export function commandActorName(command: string): string {
  try {
    return `${command} (${os.userInfo().username})`;
  } catch {
    // A user id without a name (some containers): the command alone.
    return command;
  }
}

/**
 * Writes an operator's command's entry in the audit log of `database`, through the audit service as the site
 * would. A failure is told, never thrown: the command's work is done by then and must not be reported failed.
 */
export async function recordCommand(
  deps: { config: Config; database: Database; storage: FileStorage },
  write: Omit<AuditWrite, "actor">,
): Promise<void> {
  try {
    const services = createServices({ ...deps, logger: pino({ level: "silent" }) });
    await services.transaction((tx) => tx.audit.record({ actor: null, ...write }));
  } catch (error) {
    process.stderr.write(
      `Not written in the audit log (${write.action}): ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
}
