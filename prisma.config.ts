import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`; migrations run through the WebAssembly schema engine
// (server/src/db/migrate.ts), see docs/decisions/002-prisma-offline.md.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
