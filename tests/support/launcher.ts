/** Runs `npm start`'s launcher as a user would and waits for its Ready line. */
import { spawn } from 'node:child_process';

export interface RunningLauncher {
  url: string;
  output(): string;
  /** Sends the signal (Ctrl-C by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function startLauncher(env: Record<string, string>, readyWithinMs = 60_000): Promise<RunningLauncher> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/stack/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready within ${readyWithinMs} ms:\n${output}`));
    }, readyWithinMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Ready: (http:\/\/\S+)/.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      resolve({
        url: ready[1]!,
        output: () => output,
        stop(signal = 'SIGINT') {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`launcher exited (${code}) before it was ready:\n${output}`));
    });
  });
}
