import { documentUploadSchema, imageUploadSchema } from "../../../common/views/uploads.ts";
import { z } from "../../../common/zod.ts";
import { areaOperations, input, type Operation, output } from "../../http/openapi/operation.ts";

const imageUploadForm = input("ImageUploadForm", z.object({ file: z.file() }));
const documentUploadForm = input("DocumentUploadForm", z.object({ file: z.file() }));
const imageUpload = output("ImageUpload", imageUploadSchema);
const documentUpload = output("DocumentUpload", documentUploadSchema);

const uploads = areaOperations({ tag: "uploads", path: "/api/uploads", access: "admin" });

/** Images and documents sent from the editors; `/files` serving is no part of /api and is not described. */
export const uploadsOperations: Operation[] = [
  uploads.post({
    path: "/images",
    summary: "Upload one image (field file); answers its address and its thumb and average versions",
    body: imageUploadForm,
    multipart: true,
    success: { status: 201, description: "Stored", schema: imageUpload },
    refusals: [
      {
        status: 503,
        description: "Busy decoding other images (one at a time, a few waiting): retry after the Retry-After seconds",
      },
    ],
  }),
  uploads.post({
    path: "/documents",
    summary:
      "Upload one document (field file): PDF, docx/xlsx/pptx, odt/ods/odp or doc/xls/ppt, told by content, up to 20 MB",
    body: documentUploadForm,
    multipart: true,
    success: {
      status: 201,
      description: "Stored; the shape a content's documents list keeps, plus the upload id",
      schema: documentUpload,
    },
  }),
];
