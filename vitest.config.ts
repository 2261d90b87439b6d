import { defineConfig } from 'vitest/config';

// One test command for the whole repository; each workspace is a project so
// `vitest run --project server` can rerun one suite (CI does that on PostgreSQL).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'i18n', root: 'packages/i18n', include: ['src/**/*.test.ts'] } },
      { test: { name: 'ais', root: 'packages/ais', include: ['src/**/*.test.ts'], testTimeout: 120_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
    ],
  },
});
