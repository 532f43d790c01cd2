/**
 * The upload routes of the API as the worker calls them, with the signed-in user's ID token
 * from the page (the worker never holds storage credentials, only presigned URLs). A request
 * that never got an answer is `Unreachable`; any answer that is not OK is an `ApiRefusal`.
 */
import type { DocumentSlot } from '../src/domain/document-slots';
import type { DonePart } from '../src/domain/upload-plan';

export class Unreachable extends Error {}
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface CreatedUpload {
  id: string;
  bucket: string;
  key: string;
  multipart: boolean;
  partSize: number;
  partCount: number;
}
export interface StoredDocument {
  key: string;
  review: 'received' | 'refused';
  refusalReason: string | null;
}

export type TokenSource = () => Promise<string | undefined>;

export function uploadApi(baseUrl: string, token: TokenSource) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const bearer = await token();
    let answer: Response;
    try {
      answer = await fetch(`${baseUrl.replace(/\/+$/, '')}/${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new Unreachable('Network Error');
    }
    const payload = (await answer.json().catch(() => ({}))) as { message?: string };
    if (!answer.ok) throw new ApiRefusal(answer.status, payload.message ?? `The API answered ${answer.status}`);
    return payload as T;
  }

  return {
    create: (input: { transactionId: string; slot: DocumentSlot; fileName: string; contentType: string; size: number }) =>
      call<CreatedUpload>('POST', 'uploads', input),
    sign: (id: string, partNumbers: number[]) =>
      call<{ urls: { partNumber: number; url: string; headers: Record<string, string> }[]; expiresAt: number }>(
        'POST',
        `uploads/${id}/parts/sign`,
        { partNumbers },
      ),
    parts: (id: string) => call<{ parts: DonePart[] }>('GET', `uploads/${id}/parts`),
    complete: (id: string, parts: DonePart[]) =>
      call<StoredDocument>('POST', `uploads/${id}/complete`, { parts: parts.map(({ partNumber, eTag }) => ({ partNumber, eTag })) }),
    abort: (id: string) => call<{ aborted: boolean }>('DELETE', `uploads/${id}`),
    /** Whether the API answers at all: the probe that notices a connection came back. */
    reachable: () =>
      call('GET', 'healthz').then(
        () => true,
        () => false,
      ),
  };
}
export type UploadApi = ReturnType<typeof uploadApi>;
