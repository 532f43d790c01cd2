/** The production API entry (`server/api/main.ts`) as a process of its own, for tests that need several. */
import { spawn } from 'node:child_process';
import { freePort } from './free-port';

export interface ApiProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startApiProcess(env: Record<string, string>, readyWithinMs = 30_000): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/api/main.ts'], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  // Fastify logs its listening line once the port is bound.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail('not ready in time'), readyWithinMs);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`API process ${why}:\n${output}`));
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(`listening at ${url}`)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => fail(`exited (${code}) before it was ready`));
  });
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
