import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Server test files share their worker's modules (`isolate: false`): each builds its own API, database and
 * clients per call, so nothing a file does is seen by the next, and the server's modules are imported once a
 * worker instead of once a file (importing them took 2.4 of the 4.3 minutes; the files pass shuffled too).
 */
const server = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000, isolate: false } as const;

/**
 * The API's tests run on PostgreSQL, the engine of a deployment and of the browser tests; `*.postgres.test.ts` run only
 * there. PGlite (`npm start`'s default) runs the tests that reach what differs between the engines — the unit of work and
 * its prepared statements, the live feed's notices, the outbox — and the non-API server tests. Every API test on both
 * engines was 3.6 of Vitest's 9 minutes of test time (the same code path twice).
 */
const DATABASE_TESTS = ['tests/server/api-*.test.ts', 'tests/server/mail.test.ts', 'tests/server/**/*.postgres.test.ts'];
const PGLITE_API_TESTS = new Set(
  ['command-path', 'live', 'transactions', 'offers', 'messages', 'timeline'].map((name) => `api-${name}.test.ts`),
);
const POSTGRES_ONLY_API_TESTS = readdirSync('tests/server')
  .filter((file) => file.startsWith('api-') && !PGLITE_API_TESTS.has(file))
  .map((file) => `tests/server/${file}`);

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores − 1); the server tests mostly wait (on PostgreSQL, the
    // sandboxes' webhooks, child processes), so three at a time finish the run in 4.8 min instead of 6.4.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/docs/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/**/*.postgres.test.ts', ...POSTGRES_ONLY_API_TESTS],
          globalSetup: ['tests/support/server-global-setup.ts', 'tests/support/pglite-global-setup.ts'],
        },
      },
      {
        test: {
          ...server,
          name: 'server-postgres',
          include: DATABASE_TESTS,
          globalSetup: ['tests/support/server-global-setup.ts', 'tests/support/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
