import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { invalid, isDomainError, tooLarge } from "../../../common/errors.ts";
import { formatFileSize } from "../../../common/file-size.ts";
import {
  type ImportFileRole,
  importFileRoles,
  readWordPressFilesChoice,
  type UploadedFile,
  WORDPRESS_SPREADSHEET_MAX_BYTES,
  WORDPRESS_UPLOAD_MAX_BYTES,
  WORDPRESS_WEB_EXPORT_MAX_BYTES,
  wordpressUploadFields,
} from "../../../common/schemas/wordpress-import.ts";
import type { WordPressFilesSource } from "../../../common/views/wordpress-import.ts";
import { youngGarbageCollector } from "../../kernel/garbage-collection.ts";

/**
 * The import's multipart upload, streamed part by part to temporary files under DATA_DIR (a 100 MB
 * export held in memory, then copied by the form parser, took several times its size), each file
 * refused with a pt-BR message once it passes its limit, before the rest is read.
 */

export type ReceivedUpload = {
  files: UploadedFile[];
  filesSource: WordPressFilesSource;
  /** The form's other fields (the account screen's intent). */
  fields: Record<string, string>;
  /** Removes the temporary files; the preview keeps its own compressed copy in the database. */
  remove(): Promise<void>;
};

const NOT_MULTIPART = "Envie os arquivos como multipart/form-data (campos export, products, customers).";
const UNREADABLE = "Não foi possível ler o formulário enviado. Envie os arquivos de novo.";
const ONE_EACH = "Envie um arquivo de cada tipo.";
const TOO_LARGE = `Os arquivos enviados passam de ${formatFileSize(WORDPRESS_WEB_EXPORT_MAX_BYTES)}. Para um site maior, use npm run import:wordpress no servidor.`;

const limitOf = (role: ImportFileRole) =>
  role === "export" ? WORDPRESS_WEB_EXPORT_MAX_BYTES : WORDPRESS_SPREADSHEET_MAX_BYTES;
const tooLargeMessage = (role: ImportFileRole, name: string) =>
  role === "export"
    ? `A exportação ${name} passa de ${formatFileSize(WORDPRESS_WEB_EXPORT_MAX_BYTES)}. Para um site maior, use npm run import:wordpress no servidor.`
    : `A planilha ${name} passa de ${formatFileSize(WORDPRESS_SPREADSHEET_MAX_BYTES)}.`;

const roleOf = (field: string) => importFileRoles.find((role) => wordpressUploadFields[role] === field);

/** Passes the bytes on, failing with `refusal` once more than `limit` went through. */
function counted(limit: number, refusal: () => Error, onSize: (size: number) => void) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      onSize(size);
      done(size > limit ? refusal() : null, chunk);
    },
  });
}

/** Reads the upload of `request` into files under `dataDir`/tmp. */
export async function receiveWordPressUpload(request: Request, dataDir: string): Promise<ReceivedUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data") || !request.body) throw invalid(NOT_MULTIPART);
  // Said before a byte is read when the browser announces the size, as every browser does for a form.
  if (Number(request.headers.get("content-length") ?? 0) > WORDPRESS_UPLOAD_MAX_BYTES) throw tooLarge(TOO_LARGE);
  const folder = path.join(dataDir, "tmp", "wordpress-uploads");
  await fs.mkdir(folder, { recursive: true });
  const written: string[] = [];
  const remove = async () => {
    await Promise.all(written.map((file) => fs.rm(file, { force: true })));
  };
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  const saving: Promise<void>[] = [];
  let failure: Error | null = null;

  const body = Readable.fromWeb(request.body as WebReadableStream<Uint8Array>);
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        failure ??= error;
        body.destroy();
        reject(failure);
      };
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": type },
          defParamCharset: "utf8",
          limits: { files: 6, fields: 20, fieldSize: 4096, parts: 30 },
        });
      } catch {
        throw invalid(NOT_MULTIPART);
      }
      parser.on("file", (field, stream, info) => {
        const role = roleOf(field);
        if (!role || failure) {
          stream.resume();
          return;
        }
        const name = info.filename?.split(/[\\/]/).pop() || role;
        const file = path.join(folder, `${randomUUID()}.upload`);
        written.push(file);
        let size = 0;
        saving.push(
          pipeline(
            stream,
            counted(
              limitOf(role),
              () => tooLarge(tooLargeMessage(role, name)),
              (bytes) => {
                size = bytes;
              },
            ),
            createWriteStream(file),
          ).then(
            () => {
              // A file input left empty still sends its part, with no bytes.
              if (size === 0) return;
              if (files.some((sent) => sent.role === role))
                fail(invalid(ONE_EACH, { [role]: ["Envie um arquivo só"] }));
              else files.push({ role, name, path: file, size });
            },
            (error: unknown) => fail(isDomainError(error) ? error : invalid(UNREADABLE)),
          ),
        );
      });
      parser.on("field", (name, value) => {
        fields[name] = value;
      });
      parser.on("error", () => fail(invalid(UNREADABLE)));
      parser.on("close", () => {
        void Promise.all(saving).then(() => (failure ? reject(failure) : resolve()));
      });
      body.on("error", () => fail(failure ?? invalid(UNREADABLE)));
      body
        .pipe(
          counted(
            WORDPRESS_UPLOAD_MAX_BYTES,
            () => tooLarge(TOO_LARGE),
            () => undefined,
          ),
        )
        .on("error", fail)
        .pipe(youngGarbageCollector())
        .on("error", fail)
        .pipe(parser);
    });
    return { files, filesSource: readWordPressFilesChoice(fields.files), fields, remove };
  } catch (error) {
    await Promise.allSettled(saving);
    await remove();
    throw error;
  }
}
