import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './server/db/schema.ts',
    './server/db/provider-tables.ts',
    './server/db/money-tables.ts',
    './server/db/transport-tables.ts',
    './server/db/signing-tables.ts',
    './server/db/dealer-tables.ts',
    './server/db/command-tables.ts',
    './server/db/message-tables.ts',
    './server/db/dispute-tables.ts',
    './server/db/push-tables.ts',
  ],
  out: './server/db/migrations',
});
