import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // A worker runs one test file after another in the same process instead of a new process per
    // file: the server's modules load once per worker, not 89 times (about 3 s of CPU each here).
    // Every suite starts its own server and database, and the server keeps no process-wide state.
    isolate: false,
    // Three files at a time on two cores: these tests spend much of their time waiting (for a
    // server, PostgreSQL, a child process, a job's poll), and a third worker fills it (decision 0163,
    // amendment: 527 → 308 s for the level). The limits are bounds for a test slowed by its
    // neighbours on a slower machine, not timings.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
