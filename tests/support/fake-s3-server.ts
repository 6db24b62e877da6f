import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// An S3-compatible server on 127.0.0.1, in memory, speaking path-style S3 for what the storage adapter uses:
// CreateBucket, PutObject, GetObject (with If-Match), HeadObject, DeleteObject and ListObjectsV2 with
// continuation tokens. Every request must carry a valid AWS Signature Version 4 Authorization header for
// the server's own key pair and region, and a body matching its x-amz-content-sha256, so wrong
// credentials fail as they would on S3. No test imports here: the browser tests start it in their own
// process and hand its address to server processes.
// (The s3rver package was tried first: it signs a bucket's address with a trailing slash the AWS SDK
// does not send, so every ListObjectsV2 failed with SignatureDoesNotMatch.)

export type FakeS3Server = {
  /** http://127.0.0.1:port, as S3_ENDPOINT takes it. */
  endpoint: string;
  /** A bucket that already exists. */
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Objects stored in every bucket. */
  objectCount(): number;
  close(): Promise<void>;
};

export type FakeS3Options = {
  /** Answers 403 AccessDenied to the requests it picks, as a bucket policy would (to test failures). */
  deny?: (request: { method: string; bucket: string; key: string }) => boolean;
};

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };

const REGION = "us-east-1";
const SERVICE = "s3";
const MAX_SKEW_MS = 15 * 60 * 1000;

class S3Error extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** RFC 3986 encoding, as Signature Version 4 wants it (encodeURIComponent leaves !'()* alone). */
const encodeRfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();

/** Name/value pairs of the raw query string, decoded once. */
function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery.split("&").map((part) => {
    const at = part.indexOf("=");
    const [name, value] = at === -1 ? [part, ""] : [part.slice(0, at), part.slice(at + 1)];
    return [decodeURIComponent(name.replace(/\+/g, " ")), decodeURIComponent(value.replace(/\+/g, " "))];
  });
}

/** Checks the request's AWS4-HMAC-SHA256 Authorization header against the one key pair this server knows. */
function checkSignature(
  request: http.IncomingMessage,
  rawPath: string,
  rawQuery: string,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string },
) {
  const authorization = request.headers.authorization;
  if (!authorization) throw new S3Error(403, "AccessDenied", "Access Denied");
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Error(400, "AuthorizationHeaderMalformed", "The authorization header is malformed.");
  const [accessKeyId, date = "", region = "", service = "", signedHeaderList = "", signature = ""] = match.slice(1);
  if (accessKeyId !== keys.accessKeyId) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  if (region !== REGION || service !== SERVICE) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", `the region '${region}' is wrong; expecting '${REGION}'`);
  }
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  const sent = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || Number.isNaN(sent) || !amzDate.startsWith(date)) {
    throw new S3Error(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  }
  if (Math.abs(Date.now() - sent) > MAX_SKEW_MS) {
    throw new S3Error(
      403,
      "RequestTimeTooSkewed",
      "The difference between the request time and the current time is too large.",
    );
  }
  const payloadHash = String(request.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash.startsWith("STREAMING-")) {
    throw new S3Error(501, "NotImplemented", "This fake takes whole bodies only, not aws-chunked uploads.");
  }
  if (payloadHash !== "UNSIGNED-PAYLOAD") {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
      throw new S3Error(400, "InvalidArgument", "x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256 hash.");
    }
    if (payloadHash !== sha256(body)) {
      throw new S3Error(
        400,
        "XAmzContentSHA256Mismatch",
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
  }

  const signedHeaders = signedHeaderList.split(";");
  if (!signedHeaders.includes("host")) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", "The host header must be signed.");
  }
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const canonicalQuery = queryPairs(rawQuery)
    .map(([name, value]) => [encodeRfc3986(name), encodeRfc3986(value)])
    .sort(([a = "", x = ""], [b = "", y = ""]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join("\n");
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date), region), service), "aws4_request");
  const expected = Buffer.from(createHmac("sha256", signingKey).update(stringToSign).digest("hex"));
  if (!timingSafeEqual(expected, Buffer.from(signature))) {
    throw new S3Error(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );
  }
}

function listObjectsV2(bucketName: string, objects: Map<string, StoredObject>, query: URLSearchParams): string {
  if (query.get("delimiter")) throw new S3Error(501, "NotImplemented", "This fake lists without a delimiter.");
  const prefix = query.get("prefix") ?? "";
  const maxKeys = Math.min(1000, Math.max(0, Number(query.get("max-keys") ?? 1000) || 0));
  const token = query.get("continuation-token");
  const after = token ? Buffer.from(token, "base64url").toString() : (query.get("start-after") ?? "");
  const urlEncoded = query.get("encoding-type") === "url";
  // S3 lists keys in the binary order of their UTF-8 bytes.
  const matching = [...objects.keys()]
    .filter((key) => key.startsWith(prefix) && Buffer.compare(Buffer.from(key), Buffer.from(after)) > 0)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const page = matching.slice(0, maxKeys);
  const truncated = matching.length > page.length;
  const shown = (value: string) => escapeXml(urlEncoded ? encodeURIComponent(value) : value);
  const contents = page.map((key) => {
    const object = objects.get(key) as StoredObject;
    return `<Contents><Key>${shown(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
  });
  const last = page.at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    `<Name>${escapeXml(bucketName)}</Name><Prefix>${shown(prefix)}</Prefix>`,
    `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>`,
    urlEncoded ? "<EncodingType>url</EncodingType>" : "",
    token ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : "",
    truncated && last
      ? `<NextContinuationToken>${Buffer.from(last).toString("base64url")}</NextContinuationToken>`
      : "",
    ...contents,
    "</ListBucketResult>",
  ].join("");
}

export async function startFakeS3Server(options: FakeS3Options = {}): Promise<FakeS3Server> {
  const bucket = "cms-arquivos";
  const keys = {
    accessKeyId: `AKIAFAKE${randomBytes(6).toString("hex").toUpperCase()}`,
    secretAccessKey: randomBytes(30).toString("base64"),
  };
  const buckets = new Map<string, Map<string, StoredObject>>([[bucket, new Map()]]);

  async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const rawUrl = request.url ?? "/";
    const at = rawUrl.indexOf("?");
    const rawPath = at === -1 ? rawUrl : rawUrl.slice(0, at);
    const rawQuery = at === -1 ? "" : rawUrl.slice(at + 1);
    checkSignature(request, rawPath, rawQuery, body, keys);

    const [bucketPart = "", ...keyParts] = rawPath.slice(1).split("/");
    const bucketName = decodeURIComponent(bucketPart);
    const key = keyParts.map(decodeURIComponent).join("/");
    const method = request.method ?? "GET";
    if (!bucketName) throw new S3Error(501, "NotImplemented", "This fake does not list buckets.");
    if (options.deny?.({ method, bucket: bucketName, key })) throw new S3Error(403, "AccessDenied", "Access Denied");

    if (!key && method === "PUT") {
      if (buckets.has(bucketName)) {
        throw new S3Error(
          409,
          "BucketAlreadyOwnedByYou",
          "Your previous request to create the named bucket succeeded.",
        );
      }
      buckets.set(bucketName, new Map());
      response.writeHead(200, { Location: `/${bucketName}` }).end();
      return;
    }
    const objects = buckets.get(bucketName);
    if (!objects) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist");

    if (!key) {
      const query = new URLSearchParams(rawQuery);
      if (method !== "GET" || query.get("list-type") !== "2") {
        throw new S3Error(501, "NotImplemented", "This fake answers ListObjectsV2 only on a bucket.");
      }
      response.writeHead(200, { "Content-Type": "application/xml" }).end(listObjectsV2(bucketName, objects, query));
      return;
    }

    if (method === "PUT") {
      if (request.headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "No CopyObject here.");
      const etag = `"${createHash("md5").update(body).digest("hex")}"`;
      const contentType = request.headers["content-type"] ?? "binary/octet-stream";
      objects.set(key, { body, contentType, etag, lastModified: new Date() });
      response.writeHead(200, { ETag: etag }).end();
      return;
    }
    if (method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
      return;
    }
    if (method === "GET" || method === "HEAD") {
      const object = objects.get(key);
      if (!object) throw new S3Error(404, "NoSuchKey", "The specified key does not exist.");
      const ifMatch = request.headers["if-match"];
      if (ifMatch && ifMatch !== "*" && ifMatch !== object.etag) {
        throw new S3Error(412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold");
      }
      response.writeHead(200, {
        "Content-Type": object.contentType,
        "Content-Length": String(object.body.length),
        ETag: object.etag,
        "Last-Modified": object.lastModified.toUTCString(),
        "Accept-Ranges": "bytes",
      });
      response.end(method === "GET" ? object.body : undefined);
      return;
    }
    throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
  }

  const server = http.createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      const failure =
        error instanceof S3Error ? error : new S3Error(500, "InternalError", "We encountered an internal error.");
      const requestId = randomBytes(8).toString("hex").toUpperCase();
      if (request.method === "HEAD") {
        response.writeHead(failure.status, { "x-amz-request-id": requestId }).end();
        return;
      }
      response
        .writeHead(failure.status, { "Content-Type": "application/xml", "x-amz-request-id": requestId })
        .end(
          `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message><Resource>${escapeXml(request.url ?? "")}</Resource><RequestId>${requestId}</RequestId></Error>`,
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: REGION,
    ...keys,
    objectCount: () => [...buckets.values()].reduce((count, objects) => count + objects.size, 0),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
