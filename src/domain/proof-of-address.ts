/**
 * Proof of address for the identity step, sent as one plain upload until the resumable uploader
 * (issue 8) takes over document slots: the file types and size one request carries (SPEC §9
 * single-request limit, 5 MB).
 */
import * as z from 'zod/mini';

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;

export const proofUploadSchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1, 'Choose a file'), z.maxLength(200, 'Rename the file to under 200 characters')),
  contentType: z.enum(PROOF_TYPES, 'Upload a PDF, JPEG, PNG or HEIC file'),
  size: z
    .number()
    .check(
      z.int(),
      z.minimum(1, 'That file is empty'),
      z.maximum(PROOF_MAX_BYTES, 'The file is over 5 MB; upload a smaller scan or photo'),
    ),
});
export type ProofUpload = z.infer<typeof proofUploadSchema>;

/** The first problem with `file`, in the words the user reads, or undefined when it can be sent. */
export function proofFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  const result = proofUploadSchema.safeParse({ fileName: file.name, contentType: file.type, size: file.size });
  return result.success ? undefined : result.error.issues[0]?.message;
}
