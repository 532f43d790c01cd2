import { defineConfig } from 'vitest/config';

const server = { environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } as const;

/** Server tests that touch the database run again on PostgreSQL; `*.postgres.test.ts` run only there. */
const DATABASE_TESTS = ['tests/server/api-*.test.ts', 'tests/server/mail.test.ts', 'tests/server/**/*.postgres.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: ['tests/server/**/*.postgres.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
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
