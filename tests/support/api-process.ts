/**
 * The production API entry as a process of its own, for tests that need several: from source
 * (`server/api/main.ts` through tsx), or compiled (`npm run build:server`'s main.js on plain Node).
 */
import { execFileSync, spawn, type StdioOptions } from 'node:child_process';
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';

export interface ApiProcess {
  url: string;
  pid: number;
  /** Everything it printed so far (its request log included). */
  output(): string;
  /** SIGTERM, then its exit code once it has exited. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash or an out-of-memory kill ends it: nothing of it runs after, not even its shutdown. */
  kill(): Promise<void>;
}

export interface ApiProcessOptions {
  /** A compiled main.js to run with plain Node: no TypeScript loader, nothing inherited but PATH. */
  compiled?: string;
  readyWithinMs?: number;
  /** Node flags for the process (`--cpu-prof` for a benchmark's profile). */
  nodeFlags?: string[];
  /** The port to listen on (a process started again where its callers and webhooks expect it); a free one otherwise. */
  port?: number;
  /**
   * Where its output goes instead of a pipe this process reads, for benchmarks: their load
   * generator keeps this process busy, the pipe fills, and the API's logger then blocks on each
   * write, so the API would be measured stalling on its own request log. `output()` is then the
   * file's last 20,000 characters.
   */
  outputFile?: string;
}

const TAIL_CHARS = 20_000;

function tailOf(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(size, TAIL_CHARS));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString();
  } finally {
    closeSync(fd);
  }
}

export async function startApiProcess(env: Record<string, string>, options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const { compiled, readyWithinMs = 30_000, outputFile } = options;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const listen = { HOST: '127.0.0.1', PORT: String(port) };
  const fileFd = outputFile ? openSync(outputFile, 'w') : undefined;
  const stdio: StdioOptions = fileFd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fileFd, fileFd];
  const child = compiled
    ? // Not even the test runner's NODE_OPTIONS: the image runs `node build/api/main.js` and nothing else.
      spawn(process.execPath, [...(options.nodeFlags ?? []), compiled], { env: { PATH: process.env.PATH ?? '', ...env, ...listen }, stdio })
    : spawn(process.execPath, ['--import', 'tsx', 'server/api/main.ts'], { env: { ...process.env, ...env, ...listen }, stdio });
  if (fileFd !== undefined) closeSync(fileFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let piped = '';
  child.stdout?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (piped += chunk.toString()));
  const output = () => (outputFile ? tailOf(outputFile) : piped);
  // Fastify logs its listening line once the port is bound.
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => fail('not ready in time'), readyWithinMs);
    const polling = outputFile ? setInterval(check, 100) : undefined;
    function done() {
      clearTimeout(timer);
      clearInterval(polling);
    }
    function fail(why: string) {
      done();
      child.kill('SIGKILL');
      reject(new Error(`API process ${why}:\n${output()}`));
    }
    function check() {
      if (ready || !output().includes(`listening at ${url}`)) return;
      ready = true;
      done();
      resolve();
    }
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    void exited.then((code) => ready || fail(`exited (${code}) before it was ready`));
  });
  return {
    url,
    pid: child.pid!,
    output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * `npm run build:server` into a temporary folder; packages resolve from a node_modules above the
 * build, as in the image (/app/node_modules). Answers the main.js to start and how to remove it.
 */
export function compileApi(): { main: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'caramel-build-'));
  symlinkSync(resolve('node_modules'), join(folder, 'node_modules'));
  execFileSync(process.execPath, ['--import', 'tsx', 'server/build/build-api.ts', join(folder, 'api')], { stdio: 'pipe' });
  return { main: join(folder, 'api/main.js'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
