/**
 * One upload of the bench file by each method, in the bench's page, and the two interruptions
 * (a cut connection, a reload) measured the same way for ours and for aws-amplify. Every byte
 * counted here is one the fault proxy in front of storage received.
 */
import { rmSync } from 'node:fs';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { expect, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { faults, fileOnDisk, uploadTasks } from '../e2e/upload-helpers';
import { MiB, video } from '../support/test-files';

export const BUCKET = 'caramel-documents';
export const REGION = 'us-west-2';

type Peers = Record<'plainPut' | 'libStorage' | 'amplify', (input: unknown) => Promise<number>>;

export interface Interrupted {
  outcome: string;
  /** Bytes storage received beyond the file's size. */
  bytesAgain: number;
  ms: number;
}

/** Every wait below gives up after this: a bench that hangs measures nothing. */
const GIVE_UP_MS = 15 * 60_000;

async function until(what: string, done: () => Promise<boolean>) {
  await expect.poll(done, { message: `gave up waiting for ${what}`, timeout: GIVE_UP_MS, intervals: [50] }).toBe(true);
}

async function untilUploaded(page: Page, fileName: string) {
  await until(`${fileName} to be uploaded`, async () => {
    const task = (await uploadTasks(page)).find((candidate) => candidate.fileName === fileName);
    if (task && !['completed', 'init', 'in progress', 'paused'].includes(task.status)) throw new Error(`${fileName} ended ${task.status}`);
    return task?.status === 'completed';
  });
}

/** Resolves once storage has received half the file's bytes for `name`. */
const halfway = (name: string, size: number) => until(`half of ${name}`, async () => (await bytesReceived(name)) >= size / 2);

async function bytesReceived(name: string): Promise<number> {
  return (await faults.log(name)).filter((entry) => entry.method === 'PUT').reduce((sum, entry) => sum + entry.bytes, 0);
}

export async function uploadRuns(page: Page, transactionId: string, size: number, storageUrl: string) {
  const bundle = await build({
    entryPoints: [new URL('./upload-peers.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    define: { global: 'globalThis' },
    write: false,
    logLevel: 'error',
  });
  let peerFile: string | undefined;
  const credentials = { ...LOCAL_STORAGE_CREDENTIALS };
  // As the API signs: no checksum of an empty body in the URL, which storage would hold against the file.
  const signer = new S3Client({
    region: REGION,
    endpoint: storageUrl,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const uploadScreen = `/dashboard/active-transactions/upload-docs/${transactionId}`;

  /** The peers and the file they send, in the page (again after ours navigated or the page reloaded). */
  async function peer(name: keyof Peers, input: unknown): Promise<number> {
    if (!(await page.evaluate(() => 'benchPeers' in window))) {
      if (!page.url().includes(uploadScreen)) await page.goto(uploadScreen);
      await page.evaluate(() => {
        document.body.append(Object.assign(document.createElement('input'), { type: 'file', id: 'bench-file', hidden: true }));
      });
      peerFile ??= fileOnDisk('peer.bin', video(size, 7));
      await page.setInputFiles('#bench-file', peerFile);
      await page.evaluate(bundle.outputFiles[0]!.text); // through DevTools: the app's CSP rightly refuses inline scripts
    }
    return page.evaluate(([method, value]) => (window as never as { benchPeers: Peers }).benchPeers[method](value), [name, input] as const);
  }

  /** Ours: choose the file on the upload screen, wait for the document to be recorded. */
  async function ours(name: string, duringUpload?: () => Promise<void>) {
    const path = fileOnDisk(name, video(size, size % 251));
    await page.goto(uploadScreen);
    await page.getByRole('radio', { name: 'Inspection photos and videos' }).check();
    const start = Date.now();
    await page.getByLabel('Inspection photos and videos: choose files').setInputFiles(path);
    await duringUpload?.();
    await untilUploaded(page, name);
    rmSync(path);
    return Date.now() - start;
  }

  const amplify = (key: string) => peer('amplify', { bucket: BUCKET, key, credentials });

  /** Amplify once more after a failure or a reload, as an app would on the user's retry: does it carry on? */
  async function amplifyAgain(key: string, started: number, before: string): Promise<Interrupted> {
    const again = await amplify(key).then(
      () => 'completed',
      (error: Error) => `failed again: ${error.message.split('\n')[0]}`,
    );
    return {
      outcome: `${before}; uploadData called again with the same file: ${again}`,
      bytesAgain: (await bytesReceived(key)) - size,
      ms: Date.now() - started,
    };
  }

  return {
    ours: (name: string) => ours(name),
    amplify,
    plainPut: async (key: string) =>
      peer('plainPut', await getSignedUrl(signer, new PutObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 3600 })),
    libStorage: (key: string) => peer('libStorage', { bucket: BUCKET, key, credentials, endpoint: storageUrl }),

    /** The connection to storage drops halfway through the part that crosses 50 %, three times (Chromium retries a PUT once by itself). */
    async cut(method: 'ours' | 'amplify', name: string, partSize: number): Promise<Interrupted & { partsAgain: number }> {
      const middle = Math.floor(size / 2 / partSize) + 1;
      await faults.add({
        match: { keyIncludes: name, method: 'PUT', partNumber: middle },
        action: { type: 'cut', afterBytes: partSize / 2 },
        times: 3,
      });
      const started = Date.now();
      const result =
        method === 'ours'
          ? { outcome: 'completed by itself', bytesAgain: 0, ms: await ours(name) }
          : await amplify(name).then(
              (ms) => ({ outcome: 'completed by itself', bytesAgain: 0, ms }),
              (error: Error) => amplifyAgain(name, started, `failed: ${error.message.split('\n')[0]}`),
            );
      const puts = (await faults.log(name)).filter((entry) => entry.method === 'PUT');
      const partsAgain = puts.length - new Set(puts.map((entry) => entry.partNumber)).size;
      return { ...result, bytesAgain: (await bytesReceived(name)) - size, partsAgain };
    },

    /** The page reloads once storage has half the file. */
    async reload(method: 'ours' | 'amplify', name: string): Promise<Interrupted> {
      const started = Date.now();
      if (method === 'ours') {
        const ms = await ours(name, async () => {
          await halfway(name, size);
          await page.reload();
        });
        return {
          outcome: 'carried on by itself after the reload (the file is kept in IndexedDB)',
          bytesAgain: (await bytesReceived(name)) - size,
          ms,
        };
      }
      const running = amplify(name).catch(() => undefined);
      await halfway(name, size);
      await page.reload();
      await running;
      return amplifyAgain(name, started, 'the upload stopped with the page');
    },

    done: () => peerFile && rmSync(peerFile),
  };
}

export const partSizeFor = (size: number) => 5 * MiB * 2 ** Math.max(0, Math.ceil(Math.log2(size / (5 * MiB) / 10_000)));
