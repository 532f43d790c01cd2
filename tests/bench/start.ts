/**
 * `npm run bench:start`: how long `npm start` takes to print Ready on a clean clone, the first
 * time (building the web app) and the second time, and every line it prints that is not the
 * launcher's own (a user can act on each of those, or it should not be there).
 *
 * The clone is this work tree's tracked files in a temporary folder, with this checkout's
 * node_modules hard-linked in as `npm ci` would lay them out (minus any build caches), and a
 * fresh TMPDIR so tsx's transform cache starts cold too.
 * Targets (issues 24, 32): first start < 20 s, second start < 5 s, no other lines.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePortRun } from '../support/free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What the launcher and npm themselves print on a good start. */
const EXPECTED = [
  /^$/,
  /^> caramel-marketplace@\S+ start$/,
  /^> tsx server\/stack\/main\.ts$/,
  /^Building the web app…$/,
  /^Codes the identity service sends are listed at \S+$/,
  /^Notifications pushed to this stack's devices are listed at \S+$/,
  /^Google, Apple and Facebook sign-in: trust \S+ once \(docs\/running-locally\.md, "Local hosted sign-in"\)$/,
  /^Ready: \S+$/,
];

function cleanClone(): string {
  const folder = mkdtempSync(join(tmpdir(), 'caramel-start-'));
  const app = join(folder, 'app');
  for (const file of execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(app, file)), { recursive: true });
    copyFileSync(join(root, file), join(app, file));
  }
  execFileSync('cp', ['-al', join(root, 'node_modules'), join(app, 'node_modules')]);
  for (const cache of ['.vite', '.vite-temp', '.cache']) rmSync(join(app, 'node_modules', cache), { recursive: true, force: true });
  mkdirSync(join(folder, 'tmp'));
  return folder;
}

/** Runs `npm start` in `app` until it prints Ready, then stops it with Ctrl-C. */
async function timedStart(app: string, env: Record<string, string>): Promise<{ ms: number; output: string }> {
  const started = Date.now();
  // Its own process group, so Ctrl-C reaches npm, tsx and the launcher as it does in a terminal.
  // As from a user's shell: without the npm_* variables `npm run bench:start` itself sets.
  const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
  const child = spawn('npm', ['start'], { cwd: app, env: { ...shell, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ms = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no Ready line within 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Ready: /m.test(output)) return;
      clearTimeout(timer);
      resolve(Date.now() - started);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`npm start exited before Ready:\n${output}`)));
  }).finally(() => process.kill(-child.pid!, 'SIGINT'));
  await exited;
  return { ms, output };
}

const folder = cleanClone();
try {
  const app = join(folder, 'app');
  const env = { PORT: String(await freePortRun(5)), TMPDIR: join(folder, 'tmp') };
  const first = await timedStart(app, env);
  const second = await timedStart(app, env);
  const load = execFileSync('uptime', { encoding: 'utf8' })
    .trim()
    .replace(/^.*load average/, 'load average');
  console.log(`\nnpm start on a clean clone (${load})`);
  console.log(`first start, building the web app: ${(first.ms / 1000).toFixed(1)} s (target < 20)`);
  console.log(`second start: ${(second.ms / 1000).toFixed(1)} s (target < 5)`);
  const other = [first.output, second.output]
    .flatMap((output) => output.split('\n'))
    .map((line) => line.trimEnd())
    .filter((line) => !EXPECTED.some((expected) => expected.test(line)));
  console.log(other.length ? `other lines printed:\n  ${[...new Set(other)].join('\n  ')}` : 'other lines printed: none');
} finally {
  rmSync(folder, { recursive: true, force: true });
}
