/**
 * One part (or a whole small file) PUT to a presigned URL with XMLHttpRequest, the only browser
 * API that reports upload progress byte by byte — or with fetch in a service worker, which has no
 * XMLHttpRequest (its Background Sync finishes uploads while no one watches a progress bar). Failures come back classified so the runner
 * can choose: a lost connection pauses, 5xx/429 retries this part (after the Retry-After storage
 * names, when its CORS rule lets the browser read it), an expired URL is re-signed, a missing ETag
 * is a configuration error the user is told about.
 */
import { retryAfterMs } from '../src/domain/retry';

export type PartFailure =
  | { kind: 'network' }
  | { kind: 'retryable'; status: number; retryAfterMs?: number }
  | { kind: 'expired' }
  | { kind: 'no-such-upload' }
  | { kind: 'already-stored' }
  | { kind: 'no-etag' }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'aborted' };

export class PartFailed extends Error {
  constructor(readonly failure: PartFailure) {
    super(failure.kind);
  }
}

function classify(status: number, body: string, retryAfter: string | null): PartFailure {
  if (status === 429 || status >= 500) return { kind: 'retryable', status, retryAfterMs: retryAfterMs(retryAfter) };
  const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1];
  if (code === 'NoSuchUpload') return { kind: 'no-such-upload' };
  // A single PUT writes only where nothing is (If-None-Match: *): an earlier try got through.
  if (status === 412) return { kind: 'already-stored' };
  if (status === 403 && (/expired/i.test(body) || code === 'ExpiredToken')) return { kind: 'expired' };
  return { kind: 'refused', status, message: /<Message>([^<]+)<\/Message>/.exec(body)?.[1] ?? `storage answered ${status}` };
}

/**
 * Sends `body` with the `headers` the URL's signature binds; `onProgress` gets the bytes of this
 * part on the wire so far. Answers the ETag.
 */
export function sendPart(
  { url, headers }: { url: string; headers: Record<string, string> },
  body: Blob,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<string> {
  if (typeof XMLHttpRequest === 'undefined') return sendWithFetch({ url, headers }, body, signal, onProgress);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      try {
        resolve(eTagOf(xhr.status, xhr.responseText, (name) => xhr.getResponseHeader(name)));
      } catch (error) {
        reject(error as PartFailed);
      }
    };
    xhr.onerror = () => reject(new PartFailed({ kind: 'network' }));
    xhr.ontimeout = () => reject(new PartFailed({ kind: 'network' }));
    xhr.onabort = () => reject(new PartFailed({ kind: 'aborted' }));
    if (signal.aborted) return reject(new PartFailed({ kind: 'aborted' }));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

async function sendWithFetch(
  { url, headers }: { url: string; headers: Record<string, string> },
  body: Blob,
  signal: AbortSignal,
  onProgress: (loaded: number) => void,
): Promise<string> {
  let answer: Response;
  try {
    answer = await fetch(url, { method: 'PUT', headers, body, signal });
  } catch {
    throw new PartFailed(signal.aborted ? { kind: 'aborted' } : { kind: 'network' });
  }
  const eTag = eTagOf(answer.status, answer.status >= 300 ? await answer.text() : '', (name) => answer.headers.get(name));
  onProgress(body.size);
  return eTag;
}

/** Storage's answer to a part, either way it was sent: its ETag, or the failure classified. */
function eTagOf(status: number, body: string, header: (name: string) => string | null): string {
  if (status >= 300) throw new PartFailed(classify(status, body, header('Retry-After')));
  const eTag = header('ETag');
  // Storage's CORS rule must expose ETag, or no part can ever be completed (never a hang).
  if (!eTag) throw new PartFailed({ kind: 'no-etag' });
  return eTag;
}
