import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser suite: the real server in-process (built web app, fresh embedded
// database per file) driven through Debian's Chromium. Run after
// `npm run build -w @harbor/web`; `npm run test:e2e` does both.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.spec.ts'],
    environment: 'node',
    setupFiles: ['./setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a page shows after its API calls: Vitest's 1 s default failed
    // the orders spec on a busy CI box while the orders list was still loading.
    expect: { poll: { timeout: 10_000 } },
    // One Chromium and one server at a time keep the machine responsive and the timings stable.
    fileParallelism: false,
  },
});
