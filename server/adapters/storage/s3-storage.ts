import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { sitePaths } from "../../../common/site-paths.ts";
import type { FileStorage } from "./file-storage.ts";
import { isSafeKey } from "./local-storage.ts";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Garage, R2...); unset, AWS S3 itself. */
  endpoint?: string;
  /** Unset, the AWS SDK finds credentials itself (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prefixed to `/files/<key>` in public urls, as the local storage does. */
  filesUrl?: string;
  /** Keys asked for in each ListObjectsV2 page (S3 answers 1000 at most). */
  pageSize?: number;
};

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Asks for the object's body only on the first read: a response whose body is never read (HEAD
 * requests) would otherwise hold a connection of the SDK's pool for good.
 */
function readLazily(open: () => Promise<ReadableStream<Uint8Array>>): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (await open()).getReader();
        const chunk = await reader.read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      },
      async cancel(reason) {
        await reader?.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Uploads in an S3-compatible bucket, served through `/files/<key>` like the local folder's. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    credentials: options.credentials,
    ...(options.endpoint && {
      endpoint: options.endpoint,
      // Self-hosted services answer on one host name (often loopback), not on one per bucket.
      forcePathStyle: true,
      // The SDK's default CRC32 checksums are refused by several S3-compatible services; the signed
      // payload hash already protects each body.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
  });
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  };
  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checked(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.byteLength,
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!head) return null;
      const open = async () => {
        // The same version the size came from: a replaced object fails the read instead of sending other bytes.
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: head.ETag }));
        if (!object.Body) throw new Error(`empty answer for storage key: ${key}`);
        return object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      };
      return {
        body: readLazily(open),
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? "application/octet-stream",
      };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checked(key) }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client, pageSize: options.pageSize }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          if (object.Key && isSafeKey(object.Key)) yield object.Key;
        }
      }
    },
    url(key) {
      return `${options.filesUrl ?? ""}${sitePaths.file(key)}`;
    },
  };
}
