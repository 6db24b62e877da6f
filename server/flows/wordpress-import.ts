import type { ImportFile, UploadedFile } from "../../common/schemas/wordpress-import.ts";
import type { WordPressFilesSource, WordPressImportView } from "../../common/views/wordpress-import.ts";
import { type Actor, requireAdmin } from "../kernel/access.ts";
import type { ImportRun } from "../modules/wordpress/wordpress-service.ts";
import type { Services } from "../services.ts";
import { siteKeysOf } from "./wordpress-import/site-keys.ts";
import { writePlan } from "./wordpress-import/write-plan.ts";

// Moving a WordPress site in: the preview reads what was sent and shows what would be done, the start
// runs it in the background (its progress in the import's row, for every process to show), the run
// waits for it (the command line). The wordpress area reads the files and makes the plan, from what
// the other areas' services say the site holds; the run writes the plan through those services
// (wordpress-import/write-plan.ts).

/** Reads what was sent and answers what the import would do, kept as a new import in "previewed". */
export function previewWordPressImport(
  services: Services,
  actor: Actor | null,
  files: readonly (ImportFile | UploadedFile)[],
  filesSource: WordPressFilesSource,
  maxExportBytes?: number,
): Promise<WordPressImportView> {
  return services.wordpress.preview(actor, files, filesSource, () => siteKeysOf(services), maxExportBytes);
}

/** The web upload (the REST route, the account screen's form), previewed (wordpress-service.ts). */
export function previewWordPressUpload(
  services: Services,
  actor: Actor | null,
  request: Request,
): Promise<WordPressImportView> {
  return services.wordpress.previewUpload(actor, request, () => siteKeysOf(services));
}

/**
 * Starts a previewed import (or one that failed or lost its process: it carries on) in the background.
 * Two clicks start it once.
 */
export async function startWordPressImport(
  services: Services,
  actor: Actor | null,
  id: number,
): Promise<WordPressImportView> {
  const admin = requireAdmin(actor);
  const { view, started } = await services.wordpress.claim(admin, id);
  if (started) services.wordpress.track(id, execute(services, admin, id));
  return view;
}

/** Starts an import and waits for its end (the command line, tests). */
export async function runWordPressImport(
  services: Services,
  actor: Actor | null,
  id: number,
): Promise<WordPressImportView> {
  await startWordPressImport(services, actor, id);
  await services.wordpress.runningHere(id);
  return services.wordpress.get(actor, id);
}

/** The run: its plan made again, written batch by batch, then its end (or its error) kept. */
async function execute(services: Services, actor: Actor, id: number): Promise<void> {
  let run: ImportRun | null = null;
  try {
    run = await services.wordpress.openRun(id, () => siteKeysOf(services));
    const { report, result } = await writePlan(services, run.plan, {
      actor,
      importId: id,
      files: run.files,
      wxr: run.wxr,
    });
    await services.wordpress.finish(actor, id, report, result);
  } catch (error) {
    await services.wordpress.fail(actor, id, error);
  } finally {
    await run?.close();
  }
}
