/**
 * `npm run files:copy-to-s3`: copies every uploaded file of DATA_DIR/files into the bucket the S3_* settings
 * name, skipping the keys already there with the same size, so it can run again after a failure or while
 * the site still writes to the folder. It only reads the folder: the server may keep running.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { S3ServiceException } from "@aws-sdk/client-s3";
import pLimit from "p-limit";
import type { FileStorage } from "../server/adapters/storage/file-storage.ts";
import { createS3StorageFromConfig } from "../server/adapters/storage/from-config.ts";
import { createLocalStorage } from "../server/adapters/storage/local-storage.ts";
import { ConfigError, loadConfig } from "../server/config.ts";

export type CopySummary = { copied: number; skipped: number; failed: number };

type CopyOptions = {
  /** Files in flight at once. */
  concurrency?: number;
  onFailure?: (key: string, error: unknown) => void;
};

/** Copies every key of `source` missing from `target` or stored there with another size. */
export async function copyFiles(
  source: FileStorage,
  target: FileStorage,
  { concurrency = 8, onFailure }: CopyOptions = {},
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, skipped: 0, failed: 0 };
  const limit = pLimit(concurrency);
  const copyOne = async (key: string) => {
    try {
      const file = await source.get(key);
      // Deleted from the folder since it was listed: nothing left to copy.
      if (!file) {
        summary.skipped += 1;
        return;
      }
      const existing = await target.get(key);
      await existing?.body.cancel();
      if (existing?.size === file.size) {
        await file.body.cancel();
        summary.skipped += 1;
        return;
      }
      const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
      await target.put(key, bytes, file.contentType);
      summary.copied += 1;
    } catch (error) {
      summary.failed += 1;
      onFailure?.(key, error);
    }
  };
  const copies: Promise<void>[] = [];
  for await (const key of source.list()) copies.push(limit(() => copyOne(key)));
  await Promise.all(copies);
  return summary;
}

/** The SDK's answer to a bodiless error (a refused HEAD) is "UnknownError": the HTTP status says more. */
function explain(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? "?"}): ${error.message}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (import.meta.main) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const bucket = config.S3_BUCKET;
  if (!bucket) {
    fail(
      "S3_BUCKET is not set: name the bucket to copy the uploads into (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as your provider needs).",
    );
  }
  const folder = path.join(config.DATA_DIR, "files");
  // A mistyped DATA_DIR would otherwise report "0 copied" as if the move were done.
  if (!existsSync(folder)) fail(`${folder} does not exist: set DATA_DIR to the data folder the server uses.`);
  process.stdout.write(
    `files:copy-to-s3: ${folder} -> bucket ${bucket}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ""}\n`,
  );
  const summary = await copyFiles(
    createLocalStorage(folder),
    await createS3StorageFromConfig({ ...config, S3_BUCKET: bucket }),
    {
      onFailure: (key, error) => process.stderr.write(`failed: ${key}: ${explain(error)}\n`),
    },
  );
  process.stdout.write(
    `files:copy-to-s3: ${summary.copied} copied, ${summary.skipped} skipped (already in the bucket), ${summary.failed} failed\n`,
  );
  if (summary.failed > 0) process.exitCode = 1;
}
