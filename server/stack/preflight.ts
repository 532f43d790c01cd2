/** Checks the launcher makes before starting anything, each failing with one line that names the fix. */
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';

export class PreflightError extends Error {}

export function ensureDataDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    if (!statSync(dir).isDirectory()) throw new Error('it is not a folder');
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new PreflightError(`DATA_DIR "${dir}" cannot be used (${(error as Error).message}); point DATA_DIR at a writable folder.`);
  }
}

export async function ensurePortFree(host: string, port: number, what: string, envName: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new PreflightError(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use; stop what uses it or start with another ${envName}.`
            : `Port ${port} (${what}) cannot be used (${error.message}); start with another ${envName}.`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
