import { defineConfig } from 'vitest/config';

// One test command for the whole repository; each workspace is a project so
// `vitest run --project server` can rerun one suite (CI does that on PostgreSQL).
export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one on a 2-core CI box.
    // Two keep both cores busy (the server suites wait on PGlite and child processes).
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
      { test: { name: 'ais', root: 'packages/ais', include: ['src/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // Generous: a suite that spawns servers shares the two cores with another suite.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Every suite has its own database: an in-process PGlite, or on PostgreSQL (CI's
          // second pass) its own schema, dropped at the end. So two run side by side.
          fileParallelism: true,
        },
      },
      {
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
