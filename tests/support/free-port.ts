import { createServer } from 'node:net';

/** A port the OS says is free now; the caller binds it right away. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A base port whose next `count - 1` neighbours are free too (the stack derives ports). */
export async function freePortRun(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const base = await freePort();
    const neighbours = await Promise.all(Array.from({ length: count - 1 }, (_, i) => isFree(base + i + 1)));
    if (neighbours.every(Boolean)) return base;
  }
  throw new Error('no run of free ports found');
}

export function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
