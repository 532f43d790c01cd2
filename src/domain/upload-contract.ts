/**
 * What the uploads and documents API answers, typed once (zod/mini): the server builds its
 * answers against these types; the upload worker and the documents screens parse with them.
 */
import * as z from 'zod/mini';

export const createdUploadSchema = z.object({
  id: z.string(),
  bucket: z.string(),
  key: z.string(),
  multipart: z.boolean(),
  uploadId: z.nullable(z.string()),
  size: z.number(),
  partSize: z.number(),
  partCount: z.number(),
  status: z.enum(['in progress', 'completed', 'aborted']),
});
export type CreatedUpload = z.infer<typeof createdUploadSchema>;

export const signedPartsSchema = z.object({
  /** Each URL with the headers its signature binds, which the browser sends as they are. */
  urls: z.array(z.object({ partNumber: z.number(), url: z.string(), headers: z.record(z.string(), z.string()) })),
  /** When the URLs stop working, in ms since the epoch. */
  expiresAt: z.number(),
});
export type SignedParts = z.infer<typeof signedPartsSchema>;

export const storedPartsSchema = z.object({ parts: z.array(z.object({ partNumber: z.number(), eTag: z.string(), size: z.number() })) });
export type StoredParts = z.infer<typeof storedPartsSchema>;

export const abortedUploadSchema = z.object({ aborted: z.boolean() });

/** A recorded document: what was received and whether review took it. */
export const storedDocumentSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  slot: z.string(),
  key: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  review: z.enum(['received', 'refused']),
  refusalReason: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

export const documentListSchema = z.object({
  documents: z.array(z.extend(storedDocumentSchema, { url: z.string() })),
  next: z.nullable(z.string()),
});
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentReadSchema = z.object({ url: z.string() });
