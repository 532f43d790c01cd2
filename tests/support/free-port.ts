import { readFileSync } from 'node:fs';
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

/** Above the ports services usually listen on. */
const LOWEST_RUN_PORT = 20_000;

/**
 * A base port whose next `count - 1` neighbours are free too (the stack derives ports), below the range the system
 * takes outgoing connections' ports from: a run found free there could be taken by any connection the machine opens
 * before the stack binds it (it happened to the app-update test's sandbox port).
 */
export async function freePortRun(count: number): Promise<number> {
  const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const high = (ephemeralLow ?? 32_768) - count;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = LOWEST_RUN_PORT + Math.floor(Math.random() * (high - LOWEST_RUN_PORT));
    const run = await Promise.all(Array.from({ length: count }, (_, i) => isFree(base + i)));
    if (run.every(Boolean)) return base;
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
