/**
 * Each local service (identity, storage) runs in a child process of its own: a crash stays
 * contained, Ctrl-C on the launcher stops them all, and storage can get the
 * --openssl-legacy-provider flag that s3rver's DES continuation tokens need on Node >= 17
 * without weakening the API process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Message<T> = { type: 'ready'; info: T } | { type: 'failed'; message: string };

export interface RunningService<T> {
  info: T;
  stop(): Promise<void>;
}

/** Parent side: start `entry` with `options` and resolve once it reports ready. */
export function startService<T>(name: string, entry: URL, options: object, nodeFlags: string[] = []): Promise<RunningService<T>> {
  const child = fork(fileURLToPath(entry), [JSON.stringify(options)], {
    execArgv: ['--import', 'tsx', '--disable-warning=NOTE', ...nodeFlags],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} stopped before it was ready (exit code ${code})`));
    child.once('exit', onExit);
    child.once('message', (message: Message<T>) => {
      child.off('exit', onExit);
      if (message.type === 'failed') {
        child.kill();
        reject(new Error(`${name}: ${message.message}`));
        return;
      }
      resolve({ info: message.info, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Child side: start the service, report to the parent, and stop when told or orphaned. */
export async function serveInChild<O, T>(start: (options: O) => Promise<T & { close(): Promise<void> }>): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as O;
  try {
    const { close, ...info } = await start(options);
    const shutdown = () => void close().finally(() => process.exit(0));
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', () => {}); // the launcher decides when to stop; see startService
    process.on('disconnect', shutdown);
    process.send?.({ type: 'ready', info });
  } catch (error) {
    process.send?.({ type: 'failed', message: describeStartError(error) });
    process.exit(1);
  }
}

function describeStartError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const port = (error as { port?: number }).port;
  if (code === 'EADDRINUSE') return `port ${port ?? ''} is already in use; stop what uses it or start with another PORT`;
  if (code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR') {
    return `cannot write its data (${(error as Error).message}); fix the permissions of DATA_DIR or point DATA_DIR elsewhere`;
  }
  return error instanceof Error ? error.message : String(error);
}
