import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // A worker runs one test file after another in the same process instead of a new process per
    // file: the server's modules load once per worker, not 89 times (about 3 s of CPU each here).
    // Every suite starts its own server and database, and the server keeps no process-wide state.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
