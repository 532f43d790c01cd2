/**
 * `npm run bench:upload`: the resumable uploader against its peers, in Debian's Chromium
 * against the local stack (storage behind the fault proxy, as the fault tests run it).
 *  - MB/s (median of 3 runs; BENCH_RUNS) for a file (512 MB; BENCH_UPLOAD_MB to change) through (a) our uploader, from choosing
 *    the file to the document being recorded — this includes keeping the file in IndexedDB —,
 *    (b) aws-amplify uploadData, (c) @aws-sdk/lib-storage Upload and (d) one plain presigned PUT.
 *  - After the connection to storage drops at 50 %: bytes storage received again, part requests
 *    sent again, and the time from the drop to storage seeing the first new byte.
 *  - Peak memory of the renderer process that hosts the page and the upload worker, above its
 *    level before the upload, for a 128 MB and a 1 GB file (flat means the file is streamed).
 *  - Ours and the plain PUT again over a shaped link (100 Mbit/s shared by all requests, 40 ms
 *    per request; BENCH_LINK_MBIT and BENCH_LINK_MS to change): loopback has no network, so it
 *    measures the local storage server more than the uploader.
 * Targets (issue 8): ≥ 0.9 × plain PUT, ≥ 1.0 × both peers, ≤ 4 parts re-sent, flat memory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { LOCAL_STORAGE_CREDENTIALS } from '../../server/stack/storage';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startFaultProxy } from '../support/fault-proxy';
import { freePort, freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';
import { buyerWithDeal } from '../e2e/transaction-helpers';
import { faults, fileOnDisk, uploadTasks } from '../e2e/upload-helpers';
import { MiB, video } from '../support/test-files';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 512) * MiB;
const BUCKET = 'caramel-documents';
const AMPLIFY_TESTING_PORT = 20005; // the only plain-HTTP endpoint Amplify v6 Storage will talk to
const LINK = { bytesPerSecond: (Number(process.env.BENCH_LINK_MBIT ?? 100) * 1e6) / 8, latencyMs: Number(process.env.BENCH_LINK_MS ?? 40) };

const RUNS = Number(process.env.BENCH_RUNS ?? 3); // loopback figures vary from run to run on a busy 2-core machine: the median is printed

const mbps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000);

async function medianOf(runs: number, measure: (run: number) => Promise<number>): Promise<number> {
  const results: number[] = [];
  for (let run = 1; run <= runs; run++) results.push(await measure(run));
  return results.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

async function untilUploaded(page: Page, fileName: string) {
  for (;;) {
    const task = (await uploadTasks(page)).find((candidate) => candidate.fileName === fileName);
    if (task?.status === 'completed') return task;
    if (task && !['init', 'in progress', 'paused'].includes(task.status)) throw new Error(`${fileName} ended ${task.status}`);
    await page.waitForTimeout(100);
  }
}

/** Ours: choose the file on the upload screen, wait for the document to be recorded. */
async function ours(page: Page, transactionId: string, name: string, size: number) {
  const path = fileOnDisk(name, video(size, size % 251));
  await page.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
  await page.getByRole('radio', { name: 'Inspection photos and videos' }).check();
  const start = Date.now();
  await page.getByLabel('Inspection photos and videos: choose files').setInputFiles(path);
  const task = await untilUploaded(page, name);
  rmSync(path);
  return { ms: Date.now() - start, task };
}

/** Resident memory of the bench browser's renderer processes (they host the page and its workers). */
function rendererRssKb(): number {
  const lines = execFileSync('ps', ['-eo', 'rss=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes('--type=renderer')).reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0);
}

async function peakMemory(page: Page, transactionId: string, size: number) {
  await page.goto('/dashboard');
  await page.waitForTimeout(1000);
  const before = rendererRssKb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rendererRssKb())), 100);
  await ours(page, transactionId, `memory-${size / MiB}.mp4`, size);
  clearInterval(sampler);
  return (peak - before) / 1024;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-bench-'));
  const port = await freePortRun(4);
  const storage = `http://127.0.0.1:${port + 2}`;
  const proxy = await startFaultProxy(storage, await freePort());
  const amplifyDoor = await startFaultProxy(storage, AMPLIFY_TESTING_PORT);
  process.env.E2E_STORAGE_PROXY = proxy.url;
  const stack = await startLauncher({ PORT: String(port), DATA_DIR: dataDir, STORAGE_PUBLIC_ENDPOINT: proxy.url });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const rows: string[][] = [];
  try {
    const context = await browser.newContext({ baseURL: stack.url });
    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: stack.url }]);
    const page = await context.newPage();
    page.setDefaultTimeout(600_000);
    const { transactionId } = await buyerWithDeal(page, context.request);

    const peers = await build({
      entryPoints: [new URL('./upload-peers.ts', import.meta.url).pathname],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      define: { global: 'globalThis' },
      write: false,
      logLevel: 'error',
    });
    const peerFile = fileOnDisk('peer.bin', video(SIZE, 7));
    await page.goto(`/dashboard/active-transactions/upload-docs/${transactionId}`);
    await page.evaluate(() => {
      const input = Object.assign(document.createElement('input'), { type: 'file', id: 'bench-file', hidden: true });
      document.body.append(input);
    });
    await page.setInputFiles('#bench-file', peerFile);
    await page.evaluate(peers.outputFiles[0]!.text); // evaluated through DevTools: the app's CSP rightly refuses inline scripts
    const credentials = { ...LOCAL_STORAGE_CREDENTIALS };

    // As the API signs: no checksum of an empty body in the URL, which storage would hold against the file.
    const signer = new S3Client({
      region: 'us-west-2',
      endpoint: proxy.url,
      forcePathStyle: true,
      credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    const plainPut = async (key: string) =>
      page.evaluate(
        (url) => (window as never as { benchPeers: { plainPut(u: string): Promise<number> } }).benchPeers.plainPut(url),
        await getSignedUrl(signer, new PutObjectCommand({ Bucket: BUCKET, Key: key }), { expiresIn: 3600 }),
      );
    const plainMs = await medianOf(RUNS, (run) => plainPut(`bench/plain-${run}.bin`));
    const target = { bucket: BUCKET, credentials };
    const libMs = await page.evaluate(
      (t) => (window as never as { benchPeers: { libStorage(t: object): Promise<number> } }).benchPeers.libStorage(t),
      { ...target, key: 'bench/lib-storage.bin', endpoint: proxy.url },
    );
    const amplifyMs = await page
      .evaluate((t) => (window as never as { benchPeers: { amplify(t: object): Promise<number> } }).benchPeers.amplify(t), {
        ...target,
        key: 'bench/amplify.bin',
      })
      .catch((error: Error) => {
        console.error(`amplify uploadData failed: ${error.message}`);
        return Number.NaN;
      });
    await faults.link(LINK);
    const plainLinkMs = await plainPut('bench/plain-link.bin');
    await faults.link({});
    rmSync(peerFile);
    const ourMs = await medianOf(RUNS, async (run) => (await ours(page, transactionId, `ours-${run}.mp4`, SIZE)).ms);
    await faults.link(LINK);
    const ourLinkRun = await ours(page, transactionId, 'ours-link.mp4', SIZE);
    await faults.link({});

    const ourRate = mbps(SIZE, ourMs);
    const ratio = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ourRate / mbps(SIZE, ms)).toFixed(2)}×`);
    rows.push(['(a) ours (incl. keeping the file in IndexedDB)', ourRate.toFixed(1), '1.00×']);
    rows.push(['(b) aws-amplify uploadData', Number.isNaN(amplifyMs) ? 'failed' : mbps(SIZE, amplifyMs).toFixed(1), ratio(amplifyMs)]);
    rows.push(['(c) @aws-sdk/lib-storage Upload', mbps(SIZE, libMs).toFixed(1), ratio(libMs)]);
    rows.push(['(d) one presigned PUT (ceiling)', mbps(SIZE, plainMs).toFixed(1), ratio(plainMs)]);

    // The connection to storage drops halfway through the part that crosses 50 % (three times: Chromium retries a PUT once by itself).
    const partSize = 5 * MiB * 2 ** Math.max(0, Math.ceil(Math.log2(SIZE / (5 * MiB) / 10_000)));
    const middle = Math.floor(SIZE / 2 / partSize) + 1;
    await faults.add({
      match: { keyIncludes: 'cut.mp4', method: 'PUT', partNumber: middle },
      action: { type: 'cut', afterBytes: partSize / 2 },
      times: 3,
    });
    const cut = await ours(page, transactionId, 'cut.mp4', SIZE);
    const puts = (await faults.log('cut.mp4')).filter((entry) => entry.method === 'PUT');
    const received = puts.reduce((sum, entry) => sum + entry.bytes, 0);
    const partsAgain = puts.length - new Set(puts.map((entry) => entry.partNumber)).size;
    const lastCut = Math.max(...puts.map((entry) => entry.cutAt ?? 0));
    const firstNew = Math.min(...puts.filter((entry) => entry.partNumber === middle && entry.at >= lastCut).map((entry) => entry.at));

    const memory128 = await peakMemory(page, transactionId, 128 * MiB);
    const memory1g = await peakMemory(page, transactionId, 1024 * MiB);

    console.log(`\nUpload benchmark — ${SIZE / MiB} MB file, Chromium ${browser.version()}, local stack\n`);
    console.table(rows.map(([method, rate, ours]) => ({ method, 'MB/s': rate, 'ours ÷ this': ours })));
    console.log(`Over a shaped link: ${(LINK.bytesPerSecond * 8) / 1e6} Mbit/s shared, ${LINK.latencyMs} ms per request`);
    console.table([
      { method: '(a) ours', 'MB/s': mbps(SIZE, ourLinkRun.ms).toFixed(1), 'ours ÷ this': '1.00×' },
      {
        method: '(d) one presigned PUT (ceiling)',
        'MB/s': mbps(SIZE, plainLinkMs).toFixed(1),
        'ours ÷ this': `${(plainLinkMs / ourLinkRun.ms).toFixed(2)}×`,
      },
    ]);
    console.table([
      { measure: 'bytes storage received again after the cut at 50 %', value: `${((received - SIZE) / MiB).toFixed(1)} MB` },
      { measure: 'part requests sent again (3 cuts of one part)', value: String(partsAgain) },
      { measure: 'connection dropped → the part sent again', value: `${firstNew - lastCut} ms` },
      { measure: 'upload with the cut', value: `${(cut.ms / 1000).toFixed(1)} s` },
      { measure: 'renderer peak above baseline, 128 MB file', value: `${memory128.toFixed(0)} MB` },
      { measure: 'renderer peak above baseline, 1 GB file', value: `${memory1g.toFixed(0)} MB` },
    ]);
  } finally {
    await browser.close();
    await stack.stop();
    await Promise.all([proxy.close(), amplifyDoor.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
