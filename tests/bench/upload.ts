/**
 * `npm run bench:upload`: the resumable uploader against its peers, in Debian's Chromium
 * against the local stack (storage behind the fault proxy, as the fault tests run it), all on
 * the same file (512 MB; BENCH_UPLOAD_MB to change):
 *  - MB/s on loopback (median of BENCH_RUNS, default 3, for ours, Amplify and the plain PUT) for
 *    (a) our uploader, from choosing the file to the document being recorded — this includes
 *    keeping the file in IndexedDB —, (b) aws-amplify uploadData, (c) @aws-sdk/lib-storage
 *    Upload and (d) one plain presigned PUT. Amplify talks only to S3's own host names: it is
 *    configured as for Amazon S3 and Chromium sends that host name to a TLS front of the local
 *    storage (s3-host-front.ts) with credentials from a local credentials provider.
 *  - The same for ours, Amplify and the plain PUT over two link models (fault-proxy.ts): shared
 *    (100 Mbit/s for all connections, 40 ms per request; BENCH_LINK_MBIT, BENCH_LINK_MS) and
 *    per-connection (20 Mbit/s each, 80 ms round trip, 200 Mbit/s shared; BENCH_CONNECTION_MBIT,
 *    BENCH_RTT_MS, BENCH_SHARED_MBIT). Loopback has no network, so it measures the local storage
 *    server more than an uploader.
 *  - Ours and Amplify when the connection drops at 50 % (loopback) and when the page reloads at
 *    50 % (per-connection link): what happens, bytes storage received again, time.
 *  - Peak memory of the renderer process that hosts the page and the upload worker, above its
 *    level before the upload, for a 128 MB and a 1 GB file (flat means the file is streamed).
 * Targets (issues 8 and 24): ≥ 2 × the plain PUT on the per-connection link, ≥ 0.95 × on the
 * shared one, ≥ 1.0 × both peers, ≤ 4 parts re-sent after a cut, flat memory.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { startFaultProxy, type Link } from '../support/fault-proxy';
import { freePort, freePortRun } from '../support/free-port';
import { startLauncher } from '../support/launcher';
import { buyerWithDeal } from '../e2e/transaction-helpers';
import { faults } from '../e2e/upload-helpers';
import { MiB } from '../support/test-files';
import { startS3HostFront } from './s3-host-front';
import { BUCKET, partSizeFor, REGION, uploadRuns, type Interrupted } from './upload-runs';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 512) * MiB;
const RUNS = Number(process.env.BENCH_RUNS ?? 3); // loopback figures vary from run to run on a busy 2-core machine: the median is printed
const mbit = (name: string, fallback: number) => (Number(process.env[name] ?? fallback) * 1e6) / 8;
const LINKS: { name: string; link: Link; target: number }[] = [
  {
    name: `shared: ${Number(process.env.BENCH_LINK_MBIT ?? 100)} Mbit/s for all connections, ${process.env.BENCH_LINK_MS ?? 40} ms per request`,
    link: { bytesPerSecond: mbit('BENCH_LINK_MBIT', 100), latencyMs: Number(process.env.BENCH_LINK_MS ?? 40) },
    target: 0.95,
  },
  {
    name: `per-connection: ${Number(process.env.BENCH_CONNECTION_MBIT ?? 20)} Mbit/s each, ${process.env.BENCH_RTT_MS ?? 80} ms round trip, ${Number(process.env.BENCH_SHARED_MBIT ?? 200)} Mbit/s shared`,
    link: {
      bytesPerSecond: mbit('BENCH_SHARED_MBIT', 200),
      latencyMs: Number(process.env.BENCH_RTT_MS ?? 80),
      connectionBytesPerSecond: mbit('BENCH_CONNECTION_MBIT', 20),
    },
    target: 2,
  },
];

const mbps = (ms: number) => SIZE / MiB / (ms / 1000);
const figure = (ms: number) => (Number.isNaN(ms) ? 'failed' : mbps(ms).toFixed(1));
/** Ours ÷ the other method, as a speed ratio. */
const ratio = (ourMs: number, ms: number) => (Number.isNaN(ms) ? 'n/a' : `${(ms / ourMs).toFixed(2)}×`);

async function medianOf(runs: number, measure: (run: number) => Promise<number>): Promise<number> {
  const results: number[] = [];
  for (let run = 1; run <= runs; run++) results.push(await measure(run));
  return results.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** A method's time, or NaN with the reason printed when it failed. */
const orFailed = (label: string, ms: Promise<number>) =>
  ms.catch((error: Error) => {
    console.error(`${label} failed: ${error.message.split('\n')[0]}`);
    return Number.NaN;
  });

/** Marks the bench's browser among the other Chromiums on this machine (Chromium ignores unknown switches). */
const BROWSER_MARK = `--caramel-bench-upload=${process.pid}`;

/** Resident memory of the bench browser's renderer processes (they host the page and its workers). */
function rendererRssKb(): number {
  const processes = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') };
    });
  const byPid = new Map(processes.map((entry) => [entry.pid, entry]));
  /** A renderer's parent is the zygote, whose parent is the browser that carries the mark. */
  const ours = (entry: (typeof processes)[number]) => {
    for (let parent = byPid.get(entry.ppid), hops = 0; parent && hops < 4; parent = byPid.get(parent.ppid), hops++)
      if (parent.args.includes(BROWSER_MARK)) return true;
    return false;
  };
  return processes.filter((entry) => entry.args.includes('--type=renderer') && ours(entry)).reduce((sum, entry) => sum + entry.rss, 0);
}

async function peakMemory(page: Page, upload: () => Promise<number>) {
  await page.goto('/dashboard');
  // The dashboard drawn and its requests answered: the renderer's memory before the upload, not mid-load.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const before = rendererRssKb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rendererRssKb())), 100);
  await upload();
  clearInterval(sampler);
  return (peak - before) / 1024;
}

const interruption = (label: string, result: Interrupted & { partsAgain?: number }) => ({
  interruption: label,
  'what happened': result.outcome,
  'MB received again': (result.bytesAgain / MiB).toFixed(1),
  ...(result.partsAgain === undefined ? {} : { 'part requests again': result.partsAgain }),
  'upload took': `${(result.ms / 1000).toFixed(1)} s`,
});

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'caramel-bench-'));
  const port = await freePortRun(5);
  const proxy = await startFaultProxy(`http://127.0.0.1:${port + 2}`, await freePort());
  const s3Host = await startS3HostFront(proxy.url, BUCKET, REGION);
  process.env.E2E_STORAGE_PROXY = proxy.url;
  const stack = await startLauncher({ PORT: String(port), DATA_DIR: dataDir, STORAGE_PUBLIC_ENDPOINT: proxy.url });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...s3Host.chromiumArgs, BROWSER_MARK] });
  try {
    const context = await browser.newContext({ baseURL: stack.url });
    await context.addCookies([{ name: 'CaramelDoNotTrack', value: 'false', url: stack.url }]);
    const page = await context.newPage();
    page.setDefaultTimeout(900_000);
    const { transactionId } = await buyerWithDeal(page, context.request);
    const runs = await uploadRuns(page, transactionId, SIZE, proxy.url);

    const loopback = {
      plain: await medianOf(RUNS, (run) => runs.plainPut(`bench/plain-${run}.bin`)),
      amplify: await orFailed(
        'amplify uploadData',
        medianOf(RUNS, (run) => runs.amplify(`bench/amplify-${run}.bin`)),
      ),
      lib: await runs.libStorage('bench/lib-storage.bin'),
      ours: await medianOf(RUNS, (run) => runs.ours(`ours-${run}.mp4`)),
    };
    const overLinks = [];
    for (const { name, link, target } of LINKS) {
      await faults.link(link);
      const slug = name.split(':')[0];
      const plain = await runs.plainPut(`bench/plain-${slug}.bin`);
      const amplify = await orFailed(`amplify uploadData (${slug})`, runs.amplify(`bench/amplify-${slug}.bin`));
      const ours = await runs.ours(`ours-${slug}.mp4`);
      await faults.link({});
      overLinks.push({ name, target, plain, amplify, ours });
    }

    const partSize = partSizeFor(SIZE);
    const interruptions = [
      interruption('ours: connection cut at 50 %', await runs.cut('ours', 'cut.mp4', partSize)),
      interruption('amplify: connection cut at 50 %', await runs.cut('amplify', 'bench/amplify-cut.bin', partSize)),
    ];
    // On loopback a part's body is sent within milliseconds, so a reload finds none half sent:
    // over the per-connection link it interrupts the parts on the wire, as on a real network.
    await faults.link(LINKS[1]!.link);
    interruptions.push(
      interruption('ours: page reloaded at 50 % (per-connection link)', await runs.reload('ours', 'reload.mp4')),
      interruption('amplify: page reloaded at 50 % (per-connection link)', await runs.reload('amplify', 'bench/amplify-reload.bin')),
    );
    await faults.link({});
    runs.done();

    const memory128 = await peakMemory(page, () =>
      uploadRuns(page, transactionId, 128 * MiB, proxy.url).then((small) => small.ours('memory-128.mp4')),
    );
    const memory1g = await peakMemory(page, () =>
      uploadRuns(page, transactionId, 1024 * MiB, proxy.url).then((large) => large.ours('memory-1024.mp4')),
    );

    const load = execFileSync('uptime', { encoding: 'utf8' })
      .trim()
      .replace(/^.*load average/, 'load average');
    console.log(`\nUpload benchmark — ${SIZE / MiB} MB file, Chromium ${browser.version()}, local stack (${load})\n`);
    console.log('Loopback (no link shaping)');
    console.table([
      { method: '(a) ours (incl. keeping the file in IndexedDB)', 'MB/s': figure(loopback.ours), 'ours ÷ this': '1.00×' },
      { method: '(b) aws-amplify uploadData', 'MB/s': figure(loopback.amplify), 'ours ÷ this': ratio(loopback.ours, loopback.amplify) },
      { method: '(c) @aws-sdk/lib-storage Upload', 'MB/s': figure(loopback.lib), 'ours ÷ this': ratio(loopback.ours, loopback.lib) },
      { method: '(d) one presigned PUT', 'MB/s': figure(loopback.plain), 'ours ÷ this': ratio(loopback.ours, loopback.plain) },
    ]);
    for (const run of overLinks) {
      const versusPut = run.plain / run.ours;
      console.log(
        `Link model — ${run.name} (target: ours ≥ ${run.target}× one presigned PUT: ${versusPut >= run.target ? 'met' : 'missed'})`,
      );
      console.table([
        { method: '(a) ours', 'MB/s': figure(run.ours), 'ours ÷ this': '1.00×' },
        { method: '(b) aws-amplify uploadData', 'MB/s': figure(run.amplify), 'ours ÷ this': ratio(run.ours, run.amplify) },
        { method: '(d) one presigned PUT', 'MB/s': figure(run.plain), 'ours ÷ this': ratio(run.ours, run.plain) },
      ]);
    }
    console.log('Interruptions');
    console.table(interruptions);
    console.table([
      { measure: 'renderer peak above baseline, 128 MB file', value: `${memory128.toFixed(0)} MB` },
      { measure: 'renderer peak above baseline, 1 GB file', value: `${memory1g.toFixed(0)} MB` },
    ]);
  } finally {
    await browser.close();
    await stack.stop();
    await Promise.all([proxy.close(), s3Host.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
