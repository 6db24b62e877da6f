import type { FileStorage } from "../../adapters/storage/file-storage.ts";
import type { Db } from "../../db/client.ts";

export type UploadLimits = { imageBytes: number; documentBytes: number };

export function createUploadsService(deps: { db: Db; storage: FileStorage; limits: UploadLimits }) {
  return { limits: deps.limits };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
