import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    pool: 'forks',
    // A worker runs one test file after another in the same process (as the server's suites do)
    // instead of a new process per file: pg, PGlite and this package's modules load once per worker,
    // not once per file. Every file opens its own database in beforeAll and closes it in afterAll,
    // and no test changes process-wide state (environment, globals, module mocks). Decision 0163.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
