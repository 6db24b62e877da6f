import path from "node:path";
import { sitePaths } from "../../../common/site-paths.ts";
import type { Config } from "../../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { createLocalStorage } from "./local-storage.ts";

export type StorageConfig = Pick<
  Config,
  "DATA_DIR" | "FILES_URL" | "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY"
>;

type BucketConfig = Omit<StorageConfig, "DATA_DIR"> & { S3_BUCKET: string };

/** The uploads' bucket named by the S3_* settings. */
export async function createS3StorageFromConfig(config: BucketConfig): Promise<FileStorage> {
  const { createS3Storage } = await import("./s3-storage.ts");
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    // loadConfig lets these through only together.
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    filesUrl: config.FILES_URL,
  });
}

/**
 * The bucket, with the AWS SDK loaded on the first file asked for: it costs ~120 ms and its memory
 * at start, which a site on the local folder, or a process that never touches a file, need not pay.
 */
function lazyBucket(config: BucketConfig): FileStorage {
  let bucket: Promise<FileStorage> | null = null;
  const opened = () => {
    bucket ??= createS3StorageFromConfig(config);
    return bucket;
  };
  return {
    put: async (key, data, contentType) => (await opened()).put(key, data, contentType),
    get: async (key) => (await opened()).get(key),
    delete: async (key) => (await opened()).delete(key),
    async *list() {
      yield* (await opened()).list();
    },
    url: (key) => `${config.FILES_URL ?? ""}${sitePaths.file(key)}`,
  };
}

/** The uploads' storage the environment chooses: an S3 bucket when S3_BUCKET is set, else the data folder's `files`. */
export function createFileStorage(config: StorageConfig): FileStorage {
  if (config.S3_BUCKET) return lazyBucket({ ...config, S3_BUCKET: config.S3_BUCKET });
  return createLocalStorage(path.join(config.DATA_DIR, "files"), config.FILES_URL);
}
