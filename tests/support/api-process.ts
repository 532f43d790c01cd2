/**
 * The production API entry as a process of its own, for tests that need several: from source
 * (`server/api/main.ts` through tsx), or compiled (`npm run build:server`'s main.js on plain Node).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
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
}

export interface ApiProcessOptions {
  /** A compiled main.js to run with plain Node: no TypeScript loader, nothing inherited but PATH. */
  compiled?: string;
  readyWithinMs?: number;
  /** Keep no more of its output than the tail, for long runs that log every request (benchmarks). */
  keepOutputChars?: number;
}

export async function startApiProcess(env: Record<string, string>, options: ApiProcessOptions = {}): Promise<ApiProcess> {
  const { compiled, readyWithinMs = 30_000, keepOutputChars = Infinity } = options;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const listen = { HOST: '127.0.0.1', PORT: String(port) };
  const child = compiled
    ? // Not even the test runner's NODE_OPTIONS: the image runs `node build/api/main.js` and nothing else.
      spawn(process.execPath, [compiled], { env: { PATH: process.env.PATH ?? '', ...env, ...listen }, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, ['--import', 'tsx', 'server/api/main.ts'], {
        env: { ...process.env, ...env, ...listen },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  let ready = false;
  const read = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keepOutputChars);
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  // Fastify logs its listening line once the port is bound.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail('not ready in time'), readyWithinMs);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`API process ${why}:\n${output}`));
    }
    const check = () => {
      if (ready || !output.includes(`listening at ${url}`)) return;
      ready = true;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    void exited.then((code) => ready || fail(`exited (${code}) before it was ready`));
  });
  return {
    url,
    pid: child.pid!,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return exited;
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
