import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['client/src/**/*.test.{ts,tsx}', 'server/src/**/*.unit.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/unit.ts'],
          // One module graph per worker for all its files, not one per file: 17 s instead of 83 s on this
          // machine. A test that needs a module's first state imports a fresh copy (vi.resetModules), as toast.test.tsx does.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'server/src/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/process/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/reader/**/*.test.ts',
          ],
          exclude: ['server/src/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/api-global.ts'],
          setupFiles: ['tests/setup/unit.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database cloned from a migrated template, so files run in parallel. Three at once on
          // two cores (vitest's default is one fewer than the cores: one at a time here): the files mostly wait on
          // PostgreSQL, jobs and timers, and the project runs in 480 s instead of 790 s on this machine.
          pool: 'forks',
          maxWorkers: 3,
          // Each worker imports the app's modules once for all the files it runs, not once per file: every file builds
          // its own app, database and Redis prefix (tests/helpers/app.ts), and what a module keeps is keyed by them or
          // by the process, as in the server. Importing per file took 455 of the project's 588 s on this machine's CI.
          isolate: false,
        },
      },
    ],
  },
});
